/// The app leaving or coming back to the screen: what iOS calls entering the background and
/// the foreground. In the terminal front, suspending the demo (Ctrl-Z, or a SIGTSTP from
/// elsewhere) is `background`, and resuming it (`fg`, a SIGCONT) is `foreground`; a script
/// says `background` and `foreground`.
public enum AppLifecycle: String, Equatable, Sendable, CaseIterable {
  /// The app was suspended: it is off screen.
  case background
  /// The app was resumed: it is on screen again.
  case foreground
}
