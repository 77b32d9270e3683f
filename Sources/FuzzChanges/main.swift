// libFuzzer entry point for the 'changes' target: see Tests/Scripts/fuzz.sh and FuzzTargets.changes.
import SpoonsFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  FuzzTargets.changes(bytes)
  return 0
}
