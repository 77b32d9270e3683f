// libFuzzer entry point for the 'parser' target: see Tests/Scripts/fuzz.sh and FuzzTargets.parser.
import SpoonsFuzzing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  FuzzTargets.parser(bytes)
  return 0
}
