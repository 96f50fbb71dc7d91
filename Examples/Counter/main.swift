import Signals

// A small view model: inputs in, derived outputs out.
final class SignUpViewModel {
  @Published var account = ""
  @Published var password = ""

  /// Whether the form may be sent: account of 8+ characters, password of 6+.
  var canSubmit: some Publisher<Bool, Never> {
    $account.combineLatest($password) { $0.count >= 8 && $1.count >= 6 }
      .removeDuplicates()
  }
}

let model = SignUpViewModel()
let subscription = model.canSubmit.sink { print("can submit:", $0) }
model.account = "ada@lovelace"
model.password = "analytical"
model.password = "engine"
model.password = "x"
subscription.cancel()
