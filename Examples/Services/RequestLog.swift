import Signals

/// Every request a `ServiceClient` sent, oldest first, as a test or a debug screen reads it
/// (seed 004's console logger plugin, kept instead of printed).
///
/// Threading: any thread (a mutex). Bad input: none; it never fails.
public final class RequestLog: Sendable {
  /// One request: what was asked, with which token, and how it ended.
  public struct Entry: Sendable, Equatable, CustomStringConvertible {
    /// The HTTP method.
    public let method: String
    /// The path with its query, as sent (`news?page=2`).
    public let path: String
    /// The session token the request carried, if any.
    public let token: String?
    /// The HTTP status, once answered; `nil` while running, after a transport failure or a cancel.
    public internal(set) var status: Int?

    /// `GET news?page=2 [token-1] -> 200`.
    public var description: String {
      "\(method) \(path) [\(token ?? "no token")] -> \(status.map(String.init) ?? "-")"
    }
  }

  let state = Guarded<[Entry]>([])

  /// An empty log.
  public init() {}

  /// The requests so far, oldest first.
  public var entries: [Entry] { state.withLock { $0 } }

  /// Writes down a request being sent; returns its place, for `answered(_:status:)`.
  func sent(method: String, path: String, token: String?) -> Int {
    state.withLock { entries in
      entries.append(Entry(method: method, path: path, token: token, status: nil))
      return entries.count - 1
    }
  }

  /// Writes down the status request `index` was answered with.
  func answered(_ index: Int, status: Int) {
    state.withLock { entries in
      if entries.indices.contains(index) { entries[index].status = status }
    }
  }
}

/// The session token the client sends with every authenticated request: set when a login
/// succeeds, cleared on logout or an expired session.
///
/// Threading: any thread (a mutex). Bad input: none, it never fails; with no token an authenticated request
/// goes without one and the server answers 401.
public final class SessionTokenStore: Sendable {
  let state = Guarded<String?>(nil)

  /// A store holding no token.
  public init() {}

  /// The token now, if logged in.
  public var token: String? { state.withLock { $0 } }

  /// Keeps `token` for the requests that follow.
  public func set(_ token: String) { state.withLock { $0 = token } }

  /// Forgets the token.
  public func clear() { state.withLock { $0 = nil } }
}
