/// The error the tests send through publishers.
struct TestError: Error, Equatable, CustomStringConvertible {
  var code: Int
  init(_ code: Int = 1) { self.code = code }
  var description: String { "TestError(\(code))" }
}
