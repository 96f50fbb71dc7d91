import Signals

// A tiny view model: a counter whose parity is derived from it.
final class CounterViewModel {
  let count = CurrentValueSubject<Int, Never>(0)
  var isEven: Publishers.Map<CurrentValueSubject<Int, Never>, Bool> { count.map { $0 % 2 == 0 } }
  func increment() { count.value += 1 }
}

let model = CounterViewModel()
let subscription = model.isEven.sink { print("even:", $0) }
model.increment()
model.increment()
subscription.cancel()
