import Dispatch
import Signals
import SignalsTesting
import Synchronization
import Testing

/// A view model in the shape SwiftUI code writes: several `@Published` properties.
final class ProfileModel: ObservableObject {
  @Published var name = "Ada"
  @Published var age = 36
  var notPublished = 0
}

/// A subclass adding a property of its own.
final class AdminProfileModel: BaseProfileModel {
  @Published var role = "admin"
}

class BaseProfileModel: ObservableObject {
  @Published var name = "Ada"
}

/// An observable object with nothing published.
final class PlainModel: ObservableObject {
  var count = 0
}

/// A class that declares its own `objectWillChange`.
final class CustomModel: ObservableObject {
  let objectWillChange = PassthroughSubject<Void, Never>()
  @Published var value = 0
}

/// A class that declares its own `ObservableObjectPublisher`.
final class ExplicitPublisherModel: ObservableObject {
  let objectWillChange = ObservableObjectPublisher()
  @Published var value = 0
}

/// A class holding `Published` values without the attribute, as Combine code sometimes does.
final class ExplicitStorageModel: ObservableObject {
  @Published var count = 0
  var title = Published(initialValue: "Hello")
  var plain = "unchanged"
}

@Suite struct ObservableObjectTests {
  @Test func theEnclosingInstanceSubscriptSendsBeforeTheStoreAndPublishesAfterIt() {
    let model = ExplicitStorageModel()
    var order: [String] = []
    let willChange = model.objectWillChange.sink {
      let title = Published<String>[_enclosingInstance: model, wrapped: \.plain, storage: \.title]
      order.append("objectWillChange sees \(title)")
    }
    let didChange = model.title.projectedValue.dropFirst().sink { order.append("$title sends \($0)") }
    Published<String>[_enclosingInstance: model, wrapped: \.plain, storage: \.title] += "!"
    #expect(order == ["objectWillChange sees Hello", "$title sends Hello!"])
    #expect(Published<String>[_enclosingInstance: model, wrapped: \.plain, storage: \.title] == "Hello!")
    #expect(model.plain == "unchanged")
    willChange.cancel()
    didChange.cancel()
  }

  @Test func anInPlaceChangeOfAPublishedPropertySendsOnce() {
    let model = ExplicitStorageModel()
    let recorder = model.objectWillChange.record()
    model.count += 1
    model.count += 2
    #expect(recorder.values.count == 2)
    #expect(model.count == 3)
  }

  @Test func everyPublishedPropertySendsBeforeItChanges() {
    let model = ProfileModel()
    var seen: [String] = []
    let willChange = model.objectWillChange.sink { seen.append("will change: \(model.name), \(model.age)") }
    model.name = "Grace"
    model.age = 85
    model.notPublished = 1
    #expect(seen == ["will change: Ada, 36", "will change: Grace, 36"])
    willChange.cancel()
  }

  @Test func dollarPropertyStillPublishesAfterTheStore() {
    let model = ProfileModel()
    var order: [String] = []
    let willChange = model.objectWillChange.sink { order.append("objectWillChange sees \(model.name)") }
    let didChange = model.$name.dropFirst().sink {
      order.append("$name sends \($0), property is \(model.name)")
    }
    model.name = "Grace"
    #expect(order == ["objectWillChange sees Ada", "$name sends Grace, property is Grace"])
    willChange.cancel()
    didChange.cancel()
  }

  @Test func everyAccessGivesTheSamePublisher() {
    let model = ProfileModel()
    #expect(model.objectWillChange === model.objectWillChange)
    model.age = 1
    #expect(model.objectWillChange === model.objectWillChange)
  }

  @Test func aSubclassSendsForItsOwnAndItsSuperclassProperties() {
    let model = AdminProfileModel()
    let recorder = model.objectWillChange.record()
    model.role = "owner"
    model.name = "Grace"
    #expect(recorder.values.count == 2)
    #expect(model.objectWillChange === model.objectWillChange)
  }

  @Test func aClassWithNothingPublishedNeverSends() {
    let model = PlainModel()
    let recorder = model.objectWillChange.record()
    model.count = 1
    model.objectWillChange.send()  // a fresh publisher: no subscriber
    #expect(recorder.values.isEmpty)
    #expect(recorder.completion == nil)
  }

  @Test func aDeclaredObjectWillChangeIsKept() {
    let custom = CustomModel()
    let recorder = custom.objectWillChange.record()
    custom.value = 1
    #expect(recorder.values.isEmpty)
    custom.objectWillChange.send()
    #expect(recorder.values.count == 1)

    let explicit = ExplicitPublisherModel()
    let explicitRecorder = explicit.objectWillChange.record()
    explicit.value = 1
    explicit.objectWillChange.send()
    #expect(explicitRecorder.values.count == 1)
  }

  @Test func theObjectIsReleasedWhileItsPublisherHasSubscribers() {
    weak var released: ProfileModel?
    var recorder: Recorder<Void, Never>?
    do {
      let model = ProfileModel()
      released = model
      recorder = model.objectWillChange.record()
      model.name = "Grace"
    }
    #expect(released == nil)
    #expect(recorder?.values.count == 1)
  }

  @Test func concurrentFirstAccessesAgreeOnOnePublisher() {
    for _ in 0..<50 {
      // nonisolated(unsafe): the threads only read `objectWillChange`, the thread-safe getter under test.
      nonisolated(unsafe) let model = ProfileModel()
      let seen = Guarded<[ObjectIdentifier]>([])
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        let publisher = model.objectWillChange
        seen.withLock { $0.append(ObjectIdentifier(publisher)) }
      }
      let identities = seen.withLock { $0 }
      #expect(identities.count == 4)
      #expect(Set(identities).count == 1)
      #expect(identities.first == ObjectIdentifier(model.objectWillChange))
    }
  }
}
