// libFuzzer entry point for the 'repl' target: see Tests/Scripts/fuzz.sh and FuzzTargets.repl.
import SpoonsFuzzing

/// One scratch directory per fuzzing process, reset before each input.
let scratch = FuzzTargets.makeScratch()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  FuzzTargets.repl(bytes, scratch: scratch)
  return 0
}
