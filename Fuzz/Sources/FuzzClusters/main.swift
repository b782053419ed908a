import CFuzzerDriver

#if canImport(Glibc)
import Glibc
#endif

// Hands the entry point to libFuzzer's driver with this process's command line
// (libFuzzer's own options: -max_total_time=60, a corpus folder, a crash input to replay).
var arguments = CommandLine.argc
var values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &values) { data, size in fuzzClusters(data, size) })
