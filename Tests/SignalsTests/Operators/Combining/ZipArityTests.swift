import Signals
import SignalsTesting
import Testing

/// `zip` of three and four publishers, and their `Publishers.Zip3`/`Zip4` names (one frame = 1 ms).
@Suite struct ZipArityTests {
  let scheduler = TestScheduler()

  @Test func zip3MakesTriplesOfTheNthValues() throws {
    let a = try scheduler.hot("-a-----b-|")
    let b = try scheduler.hot("--1---2--|")
    let c = try scheduler.hot("---x-y---|")
    let zipped: Publishers.Zip3 = a.zip(b, c)
    let joined = zipped.map { $0 + $1 + $2 }
    expectMarbles(scheduler.run(joined, values: ["p": "a1x", "q": "b2y"]), "---p---q-|")
  }

  @Test func zip4MakesQuadruplesOfTheNthValues() throws {
    let a = try scheduler.hot("-a---|")
    let b = try scheduler.hot("-1---|")
    let c = try scheduler.hot("--x--|")
    let d = try scheduler.hot("---9-|")
    let zipped: Publishers.Zip4 = a.zip(b, c, d)
    expectMarbles(scheduler.run(zipped.map { $0 + $1 + $2 + $3 }, values: ["q": "a1x9"]), "---q-|")
  }

  @Test func transformFormsAndInitializersMatchCombine() {
    let one = Just(1)
    #expect(one.zip(Just(2), Just(3)) { $0 + $1 + $2 }.record().values == [6])
    #expect(one.zip(Just(2), Just(3), Just(4)) { $0 + $1 + $2 + $3 }.record().values == [10])
    #expect(Publishers.Zip3(one, one, one).map { $0 + $1 + $2 }.record().values == [3])
    #expect(Publishers.Zip4(one, one, one, one).map { $0 + $1 + $2 + $3 }.record().values == [4])
  }

  @Test func aFailureOfAnyInputIsForwardedAtOnce() throws {
    let a = try scheduler.hot("-a----|")
    let b = try scheduler.hot("---#")
    let c = try scheduler.hot("-x----|")
    expectMarbles(scheduler.run(a.zip(b, c).map { $0 + $1 + $2 }), "---#")
  }
}
