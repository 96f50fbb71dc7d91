/// How the demos draw a screen, the same way in each: a box of text, a back bar on a pushed
/// screen, and the two kinds of modal (an alert in the middle, a sheet rising from the bottom
/// with the presenting screen still showing above it). So push, modal, pop and dismiss look
/// different in the terminal and in the golden frames: a pop takes the back bar away with the
/// screen, a dismiss uncovers the screen below as it was.
///
/// Threading: pure functions of their arguments. Bad input: none; text is padded or clipped to
/// the width in terminal cells (wide characters count two).
public enum ScreenFrame {
  /// The most lines a toast takes: a longer message (a 100,000-character deep link echoed
  /// back) shows its first lines, the last one ending with `…`.
  public static let maximumToastLines = 6

  /// The most lines an alert's message takes, wrapped to the alert's width; the last one shown
  /// ends with `…` when the message is longer.
  public static let maximumAlertMessageLines = 8

  /// The cells of text inside an alert drawn by `alert(_:width:over:)` at its default width.
  public static let alertTextWidth = 26

  /// `text` as a toast under a screen's body: wrapped to `textWidth` cells after `marker` (the
  /// other lines indented to match), at most `maximumToastLines` lines, the last one shown
  /// ending with `…` when the text needs more. Cost: linear in the text's length.
  ///
  /// - Parameters:
  ///   - text: The message.
  ///   - textWidth: The cells of text inside the frame.
  ///   - marker: What the first line starts with (`! ` for a notice).
  /// - Returns: Between 1 and `maximumToastLines` lines.
  public static func toast(_ text: String, textWidth: Int, marker: String = "! ") -> [String] {
    TextWidth.wrap(text, to: textWidth, first: marker, maximumLines: maximumToastLines)
  }

  /// `text` as an alert's message: wrapped to `width` cells (the default alert's), at most
  /// `maximumAlertMessageLines` lines, the last one shown ending with `…` when it needs more.
  ///
  /// - Parameters:
  ///   - text: The message.
  ///   - width: The cells of text inside the alert.
  /// - Returns: Between 1 and `maximumAlertMessageLines` lines.
  public static func alertMessage(_ text: String, width: Int = alertTextWidth) -> [String] {
    TextWidth.wrap(text, to: width, maximumLines: maximumAlertMessageLines)
  }

  /// `body` in a box whose text is `textWidth` cells wide (`| text |`). A pushed screen passes
  /// `back`, the title of the screen below: its top border then carries `< title`, the back
  /// button.
  public static func box(_ body: [String], textWidth: Int, back: String? = nil) -> [String] {
    var top = "+" + String(repeating: "-", count: textWidth + 2) + "+"
    if let back {
      top = TextWidth.splice(top, at: 1, with: "-< " + TextWidth.tail(back, fitting: textWidth - 4) + " ")
    }
    let bottom = "+" + String(repeating: "-", count: textWidth + 2) + "+"
    return [top] + body.map { "| " + TextWidth.pad($0, to: textWidth) + " |" } + [bottom]
  }

  /// `dialog` in a box `width` cells wide (`#` corners, `=` edges) over the middle of `lines`,
  /// a box drawn by `box(_:textWidth:back:)`: a modal alert. Short screens grow to fit it.
  public static func alert(_ dialog: [String], width: Int = 30, over lines: [String]) -> [String] {
    let frameWidth = lines.first.map { TextWidth.of($0) } ?? width
    let edge = "#" + String(repeating: "=", count: width - 2) + "#"
    let box = [edge] + dialog.map { "# " + TextWidth.pad($0, to: width - 4) + " #" } + [edge]
    var result = lines
    while result.count < box.count + 2 {
      result.insert("|" + String(repeating: " ", count: frameWidth - 2) + "|", at: result.count - 1)
    }
    let left = (frameWidth - width) / 2
    for (offset, row) in box.enumerated() {
      result[offset + 1] = TextWidth.splice(result[offset + 1], at: left, with: row)
    }
    return result
  }

  /// `body` as a modal sheet over `lines` (the presenting screen's box): a box as wide as the
  /// screen with `#` corners and `=` edges, from row `top` down, so the first rows of the
  /// screen below still show above it; it covers the rest, and grows the frame if it is longer.
  public static func sheet(_ body: [String], textWidth: Int, over lines: [String], top: Int = 2) -> [String] {
    let edge = "#" + String(repeating: "=", count: textWidth + 2) + "#"
    let sheet = [edge] + body.map { "# " + TextWidth.pad($0, to: textWidth) + " #" } + [edge]
    return Array(lines.prefix(top)) + sheet
  }
}
