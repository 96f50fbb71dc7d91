/// The error the tests send through publishers.
struct TestError: Error, Equatable, CustomStringConvertible {
  var code = 1
  var description: String { "TestError(\(code))" }
}
