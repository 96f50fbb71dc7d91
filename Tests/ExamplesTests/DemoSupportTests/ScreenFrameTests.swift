import DemoSupport
import Testing

/// How an alert covers a screen: nothing of the screen beneath shows in part, the top border
/// (the back bar) stays, and the kept rows (a toast) stay in sight.
@Suite struct ScreenFrameTests {
  let screen = ScreenFrame.box(
    [
      "Log in", "", ">Account  [alice@example.com   ] invalid", " Password [      ]", "",
      "! Answer the dialog first",
    ],
    textWidth: 40, back: "Home")

  @Test func anItemTheAlertCutsIsBlankedWholeAndTheBackBarStays() {
    let frame = ScreenFrame.alert(["Your session expired", "enter: log in"], over: screen)
    #expect(frame[0] == screen[0])
    #expect(frame[0].contains("< Home"))
    #expect(!frame.joined().contains("valid"), "a fragment of \"invalid\" shows")
    #expect(!frame.joined().contains("Log i"))
    #expect(ScreenFrame.damage(of: frame, over: screen) == [])
  }

  @Test func theKeptRowsStayInSightAndTheScreenGrowsForTheAlert() {
    let dialog = (1...6).map { "line \($0)" }
    let frame = ScreenFrame.alert(dialog, over: screen, keeping: 1)
    #expect(frame.count == 1 + (dialog.count + 2) + 1 + 1)  // top border, alert, kept row, bottom border
    #expect(frame[frame.count - 2] == screen[screen.count - 2])
    #expect(frame[frame.count - 2].contains("! Answer the dialog first"))
    #expect(ScreenFrame.damage(of: frame, over: screen) == [])
  }

  @Test func damageNamesAFragmentAndAChangedBackBar() {
    var frame = ScreenFrame.alert(["Hello"], over: screen)
    frame[0] = ScreenFrame.box([], textWidth: 40)[0]
    frame[2] = "| >Acco" + String(frame[2].dropFirst(7))
    #expect(ScreenFrame.damage(of: frame, over: screen).count == 2)
  }
}
