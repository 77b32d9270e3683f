#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCLI

exit(SpoonsApp.main(arguments: SpoonsApp.processArguments(), environment: .live()))
