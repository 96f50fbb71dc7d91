import Foundation
import Signals

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The examples' one service layer (seed 004's `ServiceProvider`): every feature's requests go
/// through it, so each is sent the same way and its answer read the same way.
///
/// - the session token from `tokens` goes with every authenticated request;
/// - every request is written to `log`;
/// - any 2xx status with an envelope of code 0 is success; the envelope's `data` is decoded;
/// - failures are `ServiceError`s (`request`) or the app's `AppError`s (`call`), mapped in
///   `AppError.init(_:)` only;
/// - every 401 is reported to `expiry`, the app's one place for an expired session (which passes
///   on one report per expiry, however many requests fail at once).
///
/// Threading: answers arrive as the transport delivers them (the scheduler for
/// `InProcessTransport`, URLSession's queue otherwise). Bad input: bad requests and bad answers are
/// typed errors; nothing traps.
public struct ServiceClient: Sendable {
  /// Where the server is: paths are resolved against it.
  public let baseURL: URL
  /// How requests travel.
  public let transport: any ServiceTransport
  /// The session token sent with authenticated requests.
  public let tokens: SessionTokenStore
  /// Every request sent.
  public let log: RequestLog
  /// Told of every 401; `nil` when the caller reports expiry itself (the login repository).
  public let expiry: SessionExpiry?

  /// A client for the server at `baseURL`, over `transport`.
  public init(
    baseURL: URL, transport: any ServiceTransport, tokens: SessionTokenStore = SessionTokenStore(),
    log: RequestLog = RequestLog(), expiry: SessionExpiry? = nil
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.tokens = tokens
    self.log = log
    self.expiry = expiry
  }

  /// The same client (transport, tokens, log) reporting 401s to `expiry` instead.
  public func reporting(to expiry: SessionExpiry?) -> ServiceClient {
    ServiceClient(baseURL: baseURL, transport: transport, tokens: tokens, log: log, expiry: expiry)
  }

  /// Sends `request` once per subscription and decodes its envelope's data as `Payload`.
  public func request<Payload: Decodable & Sendable>(
    _ request: ServiceRequest, as type: Payload.Type = Payload.self
  ) -> AnyPublisher<Payload, ServiceError> {
    let urlRequest: URLRequest
    switch makeURLRequest(request) {
    case .success(let made): urlRequest = made
    case .failure(let error): return Fail(error: error).eraseToAnyPublisher()
    }
    let log = log
    let expiry = expiry
    let transport = transport
    let token = request.authenticated ? tokens.token : nil
    let path =
      urlRequest.url.map { url in url.query.map { "\(request.path)?\($0)" } ?? request.path } ?? request.path
    return Deferred {
      let entry = log.sent(method: request.method, path: path, token: token)
      return transport.send(urlRequest)
        .flatMap { answer -> Result<Payload, ServiceError>.Publisher in
          log.answered(entry, status: answer.status)
          return ResponseEnvelope<Payload>.decode(status: answer.status, body: answer.body).publisher
        }
        .handleEvents(receiveCompletion: { completion in
          if case .failure(.http(status: 401)) = completion { expiry?.report() }
        })
    }
    .eraseToAnyPublisher()
  }

  /// `request(_:as:)` with its failure mapped to what the app shows.
  public func call<Payload: Decodable & Sendable>(
    _ request: ServiceRequest, as type: Payload.Type = Payload.self
  ) -> AnyPublisher<Payload, AppError> {
    self.request(request, as: type).mapError(AppError.init).eraseToAnyPublisher()
  }

  /// The `URLRequest` for `request`: the query for a `GET`, a JSON body otherwise, the token if
  /// it is authenticated and one is held.
  func makeURLRequest(_ request: ServiceRequest) -> Result<URLRequest, ServiceError> {
    guard !request.path.hasPrefix("/"),
      var components = URLComponents(
        url: baseURL.appendingPathComponent(request.path), resolvingAgainstBaseURL: false)
    else { return .failure(.undecodable("bad URL for \(request.path)")) }
    if request.method == "GET", !request.parameters.isEmpty {
      components.queryItems = request.parameters.sorted { $0.key < $1.key }.map {
        URLQueryItem(name: $0.key, value: $0.value)
      }
    }
    guard let url = components.url else { return .failure(.undecodable("bad URL for \(request.path)")) }
    var urlRequest = URLRequest(url: url)
    urlRequest.httpMethod = request.method
    if request.method != "GET" {
      urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
      urlRequest.httpBody = try? JSONSerialization.data(
        withJSONObject: request.parameters, options: [.sortedKeys])
    }
    if request.authenticated, let token = tokens.token {
      urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    return .success(urlRequest)
  }
}
