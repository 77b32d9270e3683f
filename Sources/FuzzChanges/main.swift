// libFuzzer entry point for the 'changes' target: see Tests/Scripts/fuzz.sh and FuzzTargets.changes.
import SpoonsFuzzing

/// One scratch directory per fuzzing process, for inputs that lay out a whole shared folder.
let scratch = FuzzTargets.makeScratch()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  FuzzTargets.changes(bytes, scratch: scratch)
  return 0
}
