#if canImport(Glibc)
  import Glibc
#endif

/// What a wall-clock figure depends on besides the code: the processor and how Swift's runtime
/// was linked. The run prints it above its tables, so a table quoted elsewhere says where it
/// came from (ratios to OpenCombine move by 2x between processors and link modes).
enum Machine {
  /// "PROCESSOR, N cores, Swift runtime linked dynamically|statically".
  static var description: String {
    "\(processor), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores, Swift runtime linked \(linkMode)"
  }

  /// The first `model name` of `/proc/cpuinfo`, or "unknown processor".
  static var processor: String {
    firstLine(of: "/proc/cpuinfo", containing: "model name").flatMap { line in
      line.split(separator: ":", maxSplits: 1).last.map { String($0.drop { $0 == " " }) }
    } ?? "unknown processor"
  }

  /// "dynamically" when `libswiftCore.so` is mapped into the process (the default build),
  /// "statically" when it is not (`--static-swift-stdlib`, `Benchmarks/run --static`).
  static var linkMode: String {
    firstLine(of: "/proc/self/maps", containing: "libswiftCore.so") == nil ? "statically" : "dynamically"
  }

  static func firstLine(of path: String, containing text: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    while getline(&buffer, &capacity, file) > 0, let buffer {
      let line = String(cString: buffer)
      if line.contains(text) { return line.hasSuffix("\n") ? String(line.dropLast()) : line }
    }
    return nil
  }
}
