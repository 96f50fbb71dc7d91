// The SwiftUI view of "Using Signals with SwiftUI" (Sources/Signals/Signals.docc), verbatim.
// It compiles where SwiftUI exists; the file imports SwiftUI and not Signals, since SwiftUI
// brings Combine's names, which would be ambiguous beside Signals' own.
#if canImport(SwiftUI)
  import SwiftUI

  struct LoginView: View {
    @Bindable var model: LoginViewModel

    var body: some View {
      VStack(spacing: 40) {
        TextField("Email", text: $model.account)
        SecureField("Password", text: $model.password)
        if !model.accountValid { Text("8 to 20 characters") }
        Button("Log in") { model.login() }
          .disabled(!model.loginBtnEnable)
        if model.loginStatus == .loading { ProgressView() }
      }
    }
  }
#endif
