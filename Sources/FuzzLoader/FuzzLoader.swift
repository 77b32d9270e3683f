// libFuzzer entry point for the 'loader' target: see Tests/Scripts/fuzz.sh and FuzzTargets.loader.
import SpoonsFuzzing

/// One scratch directory per fuzzing process, reset before each input.
let scratch = FuzzTargets.makeScratch()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  FuzzTargets.loader(bytes, scratch: scratch)
  return 0
}
