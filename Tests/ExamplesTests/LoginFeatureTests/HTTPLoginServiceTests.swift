import Foundation
import LoginFeature
import Signals
import Testing

/// Whether `python3`, which runs the test server, is on the `PATH`: it is not part of the Swift
/// toolchain, so without it the suite below is skipped (with its reason) rather than failed.
private let hasPython3 = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  .split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }

/// The HTTP service against a real server on loopback, started by the test (python3 stdlib).
@Suite(.serialized, .enabled(if: hasPython3, "needs python3 on the PATH for the test server"))
struct HTTPLoginServiceTests {
  /// A running `login_server.py`; stopping closes its stdin.
  final class Server: Sendable {
    let process: Process
    let input: Pipe
    let port: Int

    init() throws {
      let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Server/login_server.py")
      process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", script.path]
      input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      var line = Data()
      while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
        byte != Data("\n".utf8)
      {
        line.append(byte)
      }
      guard let port = Int(String(decoding: line, as: UTF8.self)) else {
        throw ServerFailure.noPort(String(decoding: line, as: UTF8.self))
      }
      self.port = port
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func stop() {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
  }

  enum ServerFailure: Error { case noPort(String) }

  func outcome<T: Sendable>(_ publisher: AnyPublisher<T, ServiceError>) async -> Result<T, ServiceError> {
    do {
      for try await value in publisher.values { return .success(value) }
      return .failure(.undecodable("no value"))
    } catch let error as ServiceError {
      return .failure(error)
    } catch {
      return .failure(.undecodable("\(error)"))
    }
  }

  @Test func answersAreMappedToSessionsAndServiceErrors() async throws {
    let server = try Server()
    defer { server.stop() }
    let service = HTTPLoginService(baseURL: server.url)
    let ok = await outcome(service.login(account: "ok", password: "pw"))
    #expect(ok == .success(Session(userID: "ok", token: "t-pw")))
    let profile = await outcome(service.login(account: "profile", password: "pw"))
    #expect(
      profile
        == .success(
          Session(
            userID: "profile", token: "t-pw", sessionID: "sid-9", realName: "Alice Liddell",
            avatarURL: "https://avatars.example/alice.png", language: "fr")))
    #expect(await outcome(service.login(account: "expired", password: "pw")) == .failure(.http(status: 401)))
    #expect(await outcome(service.login(account: "boom", password: "pw")) == .failure(.http(status: 500)))
    #expect(
      await outcome(service.login(account: "refused", password: "pw"))
        == .failure(.rejected(code: 1002, message: "account locked")))
    #expect(
      await outcome(service.login(account: "garbage", password: "pw"))
        == .failure(.undecodable("not a response envelope")))
    #expect(await outcome(service.checkAccount("alice@example.com")) == .success(true))
    #expect(AppError(.http(status: 401)) == .sessionExpired)
  }

  @Test func aSuccessWithoutDataIsAServerError() async throws {
    let server = try Server()
    defer { server.stop() }
    let service = HTTPLoginService(baseURL: server.url)
    #expect(
      await outcome(service.login(account: "empty", password: "pw"))
        == .failure(.undecodable("the envelope has no data")))
  }

  @Test func aServerThatDoesNotAnswerInTimeIsUnreachable() async throws {
    let server = try Server()
    defer { server.stop() }
    let service = HTTPLoginService(baseURL: server.url, timeout: 0.3)
    let started = ContinuousClock.now
    let result = await outcome(service.login(account: "silent", password: "pw"))
    #expect(result == .failure(.unreachable))
    // Not a speed check: URLRequest's own default is 60 s, so this fails if `timeout` is ignored;
    // 20 s leaves a loaded CI machine (the sanitizer run, other HTTP tests) room.
    #expect(ContinuousClock.now - started < .seconds(20))
  }

  @Test func theTimeoutBoundsAnAnswerThatTrickles() async throws {
    let server = try Server()
    defer { server.stop() }
    // One body byte every 1.5 s: an idle timeout of 3 s never fires, the exchange's does.
    let service = HTTPLoginService(baseURL: server.url, timeout: 3)
    let started = ContinuousClock.now
    let result = await outcome(service.login(account: "trickle", password: "pw"))
    #expect(result == .failure(.unreachable))
    // Not a speed check: the trickle lasts 96 s, so this fails only if `timeout` is not the end.
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  @Test func aRedirectedLoginIsRefusedNotResentWithoutItsBody() async throws {
    let server = try Server()
    defer { server.stop() }
    let service = HTTPLoginService(baseURL: server.url)
    #expect(await outcome(service.login(account: "redirect", password: "pw")) == .failure(.http(status: 307)))
  }

  @Test func aSuccessWithoutAUserIDOrTokenIsNotASession() async throws {
    let server = try Server()
    defer { server.stop() }
    let service = HTTPLoginService(baseURL: server.url)
    #expect(
      await outcome(service.login(account: "nouser", password: "pw"))
        == .failure(.undecodable("the session has no user id")))
    #expect(
      await outcome(service.login(account: "notoken", password: "pw"))
        == .failure(.undecodable("the session has no token")))
  }

  @Test func aClosedPortIsUnreachable() async throws {
    let server = try Server()
    let url = server.url
    server.stop()
    let service = HTTPLoginService(baseURL: url)
    let result = await outcome(service.login(account: "ok", password: "pw"))
    #expect(result == .failure(.unreachable))
    if case .failure(let error) = result { #expect(AppError(error) == .network) }
  }
}
