import Dispatch
import Foundation
import Services
import Signals
import SignalsTesting
import Testing

/// One expiry, one report: however many requests fail with 401 at once, the app hears of it
/// once, until a new session begins (`reset()`).
@Suite struct SessionExpiryTests {
  @Test func manyReportsAtOnceFromManyThreadsAreOneReport() {
    let expiry = SessionExpiry()
    let reports = expiry.expired.record()
    DispatchQueue.concurrentPerform(iterations: 300) { _ in expiry.report() }
    #expect(reports.values.count == 1)
    #expect(expiry.isExpired)
  }

  @Test func aResetMakesTheNextExpiryReportedAgain() {
    let expiry = SessionExpiry()
    let reports = expiry.expired.record()
    expiry.report()
    expiry.report()
    #expect(reports.values.count == 1)
    expiry.reset()
    #expect(!expiry.isExpired)
    expiry.report()
    expiry.report()
    #expect(reports.values.count == 2)
  }

  @Test func threeHundredConcurrent401sAreOneReportInVirtualTime() {
    let scheduler = TestScheduler()
    let expiry = SessionExpiry()
    let reports = expiry.expired.record(on: scheduler)
    let transport = InProcessTransport(scheduler: scheduler, latency: { _ in .milliseconds(100) }) { _ in
      .envelope(status: 401, code: 401, msg: "expired")
    }
    let client = ServiceClient(
      baseURL: URL(string: "https://api.example/v1")!, transport: transport, expiry: expiry)
    let requests = (0..<300).map { client.request(ServiceRequest("news/\($0)"), as: Int.self).record() }
    scheduler.advance(by: .milliseconds(100))
    #expect(requests.allSatisfy { $0.completion == .failure(.http(status: 401)) })
    #expect(reports.values.count == 1)
    #expect(reports.timedEvents.map(\.time) == [scheduler.now])
    expiry.reset()
    let later = client.request(ServiceRequest("news"), as: Int.self).record()
    scheduler.advance(by: .milliseconds(100))
    #expect(later.completion == .failure(.http(status: 401)))
    #expect(reports.values.count == 2, "the next session's expiry is a new report")
  }

  @Test func threeHundred401sOnManyThreadsAreOneReport() {
    let expiry = SessionExpiry()
    let reports = expiry.expired.record()
    let transport = InProcessTransport(scheduler: ImmediateScheduler.shared) { _ in
      .envelope(status: 401, code: 401, msg: "expired")
    }
    let client = ServiceClient(
      baseURL: URL(string: "https://api.example/v1")!, transport: transport, expiry: expiry)
    DispatchQueue.concurrentPerform(iterations: 300) { index in
      let recorder = client.request(ServiceRequest("news/\(index)"), as: Int.self).record()
      #expect(recorder.completion == .failure(.http(status: 401)))
    }
    #expect(reports.values.count == 1)
  }
}
