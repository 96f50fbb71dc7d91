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
  /// a box drawn by `box(_:textWidth:back:)`: a modal alert, from the row under the top border
  /// (which keeps its back bar). The screen below stays true where it shows: a word the alert's
  /// edge would cut is blanked whole rather than left in part (`invalid` never reads `valid`),
  /// and the last `kept` rows above the bottom border (a toast, such as "Answer the dialog
  /// first") stay uncovered. Short screens grow to fit it, with blank rows above the kept ones.
  ///
  /// - Parameters:
  ///   - dialog: The alert's lines, each at most `width - 4` cells (longer ones are clipped).
  ///   - width: The alert's width in cells, its `#` edges included.
  ///   - lines: The screen below, as `box(_:textWidth:back:)` drew it.
  ///   - kept: How many rows at the bottom of the screen's text the alert leaves uncovered.
  /// - Returns: The screen with the alert over it: as many rows as `lines`, or more.
  public static func alert(
    _ dialog: [String], width: Int = 30, over lines: [String], keeping kept: Int = 0
  )
    -> [String]
  {
    let frameWidth = lines.first.map { TextWidth.of($0) } ?? width
    let edge = "#" + String(repeating: "=", count: width - 2) + "#"
    let box = [edge] + dialog.map { "# " + TextWidth.pad($0, to: width - 4) + " #" } + [edge]
    var result = lines
    let kept = max(0, min(kept, result.count - 2))
    // Rows 1 ..< count - 1 - kept are the ones the alert may cover.
    while result.count - 1 - kept - 1 < box.count {
      result.insert(
        "|" + String(repeating: " ", count: max(0, frameWidth - 2)) + "|", at: result.count - 1 - kept)
    }
    let left = (frameWidth - width) / 2
    for (offset, row) in box.enumerated() {
      result[offset + 1] = cover(result[offset + 1], at: left, with: row)
    }
    return result
  }

  /// `line` with `patch` over it from cell `column`, and every item the patch covers in part
  /// blanked whole, so that no fragment of it shows beside the patch. An item is text whose
  /// words are one space apart (a label, a sentence, `( log in )`); two spaces or more part
  /// items. The line's first and last cells (a frame's edges) always stay.
  static func cover(_ line: String, at column: Int, with patch: String) -> String {
    let end = column + TextWidth.of(patch)
    let cells = line.map { ($0, TextWidth.width(of: $0)) }
    let total = cells.reduce(0) { $0 + $1.1 }
    var blank = [Bool](repeating: false, count: cells.count)
    var start = 0  // the first character of the current item
    var startCell = 0
    var used = 0
    var index = 0
    /// Marks the item `start ..< stop` (ending at cell `stopCell`) blank when the patch cuts it.
    func close(_ stop: Int, _ stopCell: Int) {
      let cut = startCell < end && stopCell > column && (startCell < column || stopCell > end)
      if cut { for i in start..<stop { blank[i] = true } }
    }
    while index < cells.count {
      let isGap = cells[index].0 == " " && index + 1 < cells.count && cells[index + 1].0 == " "
      if isGap || (cells[index].0 == " " && index + 1 == cells.count) {
        close(index, used)
        while index < cells.count && cells[index].0 == " " {
          used += cells[index].1
          index += 1
        }
        start = index
        startCell = used
        continue
      }
      used += cells[index].1
      index += 1
    }
    close(cells.count, used)
    var cleaned = ""
    var cell = 0
    for (i, (character, width)) in cells.enumerated() {
      let edge = cell == 0 || cell + width == total
      if blank[i] && !edge && character != " " {
        cleaned += String(repeating: " ", count: width)
      } else {
        cleaned.append(character)
      }
      cell += width
    }
    return TextWidth.splice(cleaned, at: column, with: patch)
  }

  /// What an alert drawn over `beneath` by `alert(_:width:over:keeping:)` shows wrongly of the
  /// screen beneath, for a front's tests: a top border (the back bar) that changed, and any text
  /// beside the alert that is not a whole item of the screen beneath (a cut word such as
  /// `valid` for `invalid`). Empty when the screen beneath stays true.
  ///
  /// - Parameters:
  ///   - frame: The screen with the alert over it.
  ///   - beneath: The same screen without the alert.
  ///   - alertWidth: The alert's width, as given to `alert`.
  /// - Returns: One line per problem, naming the row.
  public static func damage(of frame: [String], over beneath: [String], alertWidth: Int = 30) -> [String] {
    guard let top = frame.first, frame.count >= 2 else { return ["the frame has no box"] }
    var problems: [String] = []
    if top != beneath.first {
      problems.append("row 0: the top border \"\(top)\" is not \"\(beneath.first ?? "")\"")
    }
    let items = Set(beneath.flatMap(Self.items))
    let left = (TextWidth.of(top) - alertWidth) / 2
    for row in 1..<(frame.count - 1) {
      // The other rows are the screen's own.
      guard TextWidth.clip(frame[row], to: left + 1).hasSuffix("#") else {
        for item in Self.items(of: frame[row]) where !items.contains(item) {
          problems.append("row \(row): \"\(item)\" is not whole text of the screen beneath")
        }
        continue
      }
      let beside = TextWidth.splice(frame[row], at: left, with: String(repeating: " ", count: alertWidth))
      for item in Self.items(of: beside) where !items.contains(item) {
        problems.append("row \(row): \"\(item)\" is not whole text of the screen beneath")
      }
    }
    return problems
  }

  /// The items of a framed row: its text between the edges, cut at runs of two spaces or more.
  static func items(of row: String) -> [String] {
    let inside = Array(row.count >= 2 ? String(row.dropFirst().dropLast()) : row)
    var items: [String] = []
    var current = ""
    var index = 0
    while index < inside.count {
      if inside[index] == " ", index + 1 < inside.count, inside[index + 1] == " " {
        items.append(current)
        current = ""
        while index < inside.count, inside[index] == " " { index += 1 }
        continue
      }
      current.append(inside[index])
      index += 1
    }
    items.append(current)
    return items.map(\.trimmingSpaces).filter { !$0.isEmpty }
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

extension String {
  /// The string without its leading and trailing spaces.
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
