/// What can go wrong below the repository: transport and protocol failures, as the service
/// sees them.
public enum ServiceError: Error, Equatable, Sendable {
  /// No network at all.
  case offline
  /// The server could not be reached (refused, timed out).
  case unreachable
  /// The answer announced or sent more than `limit` bytes of body
  /// (`URLSessionTransport.maximumAnswerSize`); the request was stopped there, without reading
  /// the rest.
  case answerTooLarge(limit: Int)
  /// An HTTP status outside 2xx (a refused redirect is its own 3xx).
  case http(status: Int)
  /// The response envelope carried a non-zero code.
  case rejected(code: Int, message: String)
  /// The body was not the expected JSON.
  case undecodable(String)
}

/// The errors the app shows, mapped from `ServiceError` in exactly one place (`init(_:)`).
public enum AppError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Offline or unreachable.
  case network
  /// HTTP 401: the session must be renewed.
  case sessionExpired
  /// Any other failure, with the message to show.
  case server(message: String)

  /// Maps a service failure: offline or unreachable is a network error, 401 an expired session,
  /// anything else (a too large answer included) a server error carrying the message.
  public init(_ error: ServiceError) {
    switch error {
    case .offline, .unreachable: self = .network
    case .http(status: 401): self = .sessionExpired
    case .http(let status): self = .server(message: "the server answered \(status)")
    case .answerTooLarge: self = .server(message: "the server's answer was too large")
    case .rejected(_, let message): self = .server(message: message)
    case .undecodable(let detail): self = .server(message: "unreadable answer: \(detail)")
    }
  }

  /// The message for the user.
  public var description: String {
    switch self {
    case .network: "No network connection"
    case .sessionExpired: "Your session expired, please log in again"
    case .server(let message): message
    }
  }
}
