import Foundation
import SignalsFoundation
import SignalsTesting
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Whether `python3`, which runs the test server, is on the `PATH`: it is not part of the Swift
/// toolchain, so without it the suite below is skipped (with its reason) rather than failed.
let hasPython3 = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  .split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }

/// The data task publisher against a real server on loopback, started by the test (python3
/// standard library), as the login service tests do.
@Suite(.serialized, .enabled(if: hasPython3, "needs python3 on the PATH for the test server"))
struct DataTaskPublisherTests {
  /// A running `http_server.py`; stopping closes its stdin.
  final class Server: Sendable {
    let process: Process
    let input: Pipe
    let output: Pipe
    let port: Int

    init() throws {
      let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Server/http_server.py")
      process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", script.path]
      input = Pipe()
      output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      let line = Self.readLine(output)
      guard let port = Int(line) else { throw ServerFailure.noPort(line) }
      self.port = port
    }

    /// The next line the server prints; empty once it has exited (it exits when its stdin
    /// closes, or after 600 s).
    func nextLine() -> String { Self.readLine(output) }

    static func readLine(_ pipe: Pipe) -> String {
      var line = Data()
      while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
        byte != Data("\n".utf8)
      {
        line.append(byte)
      }
      return String(decoding: line, as: UTF8.self)
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// A request for `path` with a generous timeout: the server answers at once, so only a
    /// loaded machine comes near it, and a wrong answer still fails at once.
    func request(_ path: String) -> URLRequest {
      URLRequest(url: url(path), timeoutInterval: DataTaskPublisherTests.requestTimeout)
    }

    func stop() {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }

  enum ServerFailure: Error { case noPort(String) }

  /// Seconds a request may take (URLSession's default is 60).
  static var requestTimeout: TimeInterval { 300 }

  /// The status and body of the first value, or the failure.
  func outcome(_ publisher: URLSession.DataTaskPublisher) async -> Result<[String], URLError> {
    let described = publisher.map { output in
      [
        "\((output.response as? HTTPURLResponse)?.statusCode ?? -1)",
        String(decoding: output.data, as: UTF8.self),
      ]
    }
    do {
      var values: [[String]] = []
      for try await value in described.values { values.append(value) }
      return .success(values.flatMap { $0 })
    } catch let error as URLError {
      return .failure(error)
    } catch {
      return .failure(URLError(.unknown))
    }
  }

  @Test func aResponseIsOneValueThenFinished() async throws {
    let server = try Server()
    defer { server.stop() }
    #expect(
      await outcome(URLSession.shared.dataTaskPublisher(for: server.request("/hello")))
        == .success(["200", "hello"]))
    var request = server.request("/missing")
    request.httpMethod = "GET"
    #expect(
      await outcome(URLSession.shared.dataTaskPublisher(for: request)) == .success(["404", "no such page"]))
  }

  // Combine makes and starts the task at the first demand: a subscriber that has asked for
  // nothing has sent nothing, and one cancelled before asking never sends its request.
  @Test func theTaskStartsAtTheFirstDemandAndNotBefore() async throws {
    let server = try Server()
    defer { server.stop() }
    let session = URLSession.shared
    let never = session.dataTaskPublisher(for: server.request("/never")).record(demand: .none)
    never.cancel()
    let later = session.dataTaskPublisher(for: server.request("/later")).record(demand: .none)
    #expect(
      await outcome(session.dataTaskPublisher(for: server.request("/hello"))) == .success(["200", "hello"]))
    #expect(server.nextLine() == "received /hello")
    later.request(.max(1))
    #expect(server.nextLine() == "received /later")
    _ = await outcome(session.dataTaskPublisher(for: server.request("/last")))
    #expect(server.nextLine() == "received /last")
    later.cancel()
  }

  // OpenCombine's URLSessionTests: the subscription is named after the publisher, not after
  // what it is built from. No request is made: nothing is requested.
  @Test func theSubscriptionDescribesItselfAsDataTaskPublisher() {
    let url = URL(string: "http://127.0.0.1:9/never")!
    let kept = Guarded<(any Subscription)?>(nil)
    URLSession.shared.dataTaskPublisher(for: url).subscribe(
      AnySubscriber(
        receiveSubscription: { subscription in kept.withLock { $0 = subscription } },
        receiveValue: { _ in .none }, receiveCompletion: { _ in }))
    let subscription = kept.withLock { $0 }
    #expect(subscription.map { String(describing: $0) } == "DataTaskPublisher")
    subscription?.cancel()
  }

  @Test func anUnreachableServerIsAURLError() async throws {
    let server = try Server()
    let url = server.url("/hello")
    server.stop()
    let result = await outcome(URLSession.shared.dataTaskPublisher(for: url))
    guard case .failure(let error) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    #expect(error.code == .cannotConnectToHost || error.code == .networkConnectionLost)
  }

  @Test func cancellingTheSubscriptionCancelsTheTask() throws {
    let server = try Server()
    defer { server.stop() }
    let received = Guarded<Int>(0)
    let subscription = URLSession.shared.dataTaskPublisher(for: server.request("/hold"))
      .sink(
        receiveCompletion: { _ in received.withLock { $0 += 1 } },
        receiveValue: { _ in received.withLock { $0 += 1 } })
    #expect(server.nextLine() == "received /hold")
    subscription.cancel()
    // The server sees the connection close; without the task's cancel it would wait 300 s and
    // print "timeout /hold".
    #expect(server.nextLine() == "closed /hold")
    #expect(received.withLock { $0 } == 0)
  }
}

/// What a finished task gives the subscriber, without a server: Combine's mapping, as
/// OpenCombine's `URLSessionTests` state it.
@Suite struct DataTaskOutcomeTests {
  typealias Publisher = URLSession.DataTaskPublisher
  let response = URLResponse(
    url: URL(string: "https://example.com")!, mimeType: "text/plain", expectedContentLength: 4,
    textEncodingName: "utf-8")

  @Test func aTaskThatEndsWithNeitherAResponseNorAnErrorFailsAsUnknown() {
    for data in [nil, Data("body".utf8)] {
      guard case .failure(let error) = Publisher.outcome(data: data, response: nil, error: nil) else {
        Issue.record("expected a failure for data \(String(describing: data))")
        continue
      }
      #expect(error.code == .unknown)
    }
  }

  @Test func aResponseWithoutDataIsAnEmptyBodyAndAnErrorThatIsNotAURLErrorIsUnknown() throws {
    let value = try Publisher.outcome(data: nil, response: response, error: nil).get()
    #expect(value.data.isEmpty)
    struct Oops: Error {}
    guard case .failure(let error) = Publisher.outcome(data: nil, response: response, error: Oops()) else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.code == .unknown)
  }
}
