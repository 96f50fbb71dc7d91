/// Display widths of text in terminal cells: wide (CJK, emoji) characters take two.
public enum TextWidth {
  /// The number of cells `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// The cells `character` takes: 2 for East Asian wide and emoji, 1 otherwise.
  public static func width(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// `text` cut to at most `columns` cells, never splitting a wide character.
  public static func clip(_ text: String, to columns: Int) -> String {
    var used = 0
    var result = ""
    for character in text {
      let width = width(of: character)
      if used + width > columns { break }
      used += width
      result.append(character)
    }
    return result
  }

  /// The end of `text` that fits in `columns` cells (a field showing what was typed last),
  /// never splitting a wide character.
  public static func tail(_ text: String, fitting columns: Int) -> String {
    var used = 0
    var start = text.endIndex
    while start > text.startIndex {
      let previous = text.index(before: start)
      let width = width(of: text[previous])
      if used + width > columns { break }
      used += width
      start = previous
    }
    return String(text[start...])
  }

  /// `line` with the cells from `column` on replaced by `patch`: a dialog drawn over a screen.
  /// A wide character cut by either edge of the patch becomes spaces, so columns stay aligned.
  public static func splice(_ line: String, at column: Int, with patch: String) -> String {
    let patchEnd = column + of(patch)
    var result = ""
    var used = 0
    var patched = false
    for character in line {
      let width = width(of: character)
      let end = used + width
      if end <= column {
        result.append(character)
      } else if used < column {
        result += String(repeating: " ", count: column - used)  // a wide character cut at the left
      }
      if end > column && !patched {
        result += patch
        patched = true
      }
      if used >= patchEnd {
        result.append(character)
      } else if end > patchEnd {
        result += String(repeating: " ", count: end - patchEnd)  // cut at the right
      }
      used = end
    }
    if !patched { result += String(repeating: " ", count: max(0, column - used)) + patch }
    return result
  }

  /// `text` broken into lines of at most `columns` cells, at spaces where it can, inside a word
  /// that is longer than a line; the first line starts with `first`, the others with as many
  /// spaces (a toast's "! " marker hangs to the left of its text).
  ///
  /// With `maximumLines`, at most that many lines come back; when the text needs more, the last
  /// one shown ends with an ellipsis (`…`), and the words past it are not looked at. Cost: linear
  /// in the text's length (each character is measured once), so a 100,000-character URL in a
  /// toast wraps as fast as it can be read.
  ///
  /// - Parameters:
  ///   - text: The text to wrap.
  ///   - columns: The cells a line may take, `first` included.
  ///   - first: What the first line starts with; the others start with as many spaces.
  ///   - maximumLines: The most lines to return; `nil` for as many as the text needs.
  /// - Returns: The lines, at least one.
  ///
  /// Bad input: none; a character wider than the room left by `first` goes on a line of its own,
  /// and a `maximumLines` below 1 counts as 1.
  public static func wrap(
    _ text: String, to columns: Int, first: String = "", maximumLines: Int? = nil
  ) -> [String] {
    let indent = String(repeating: " ", count: of(first))
    let room = max(1, columns - of(first))
    let limit = maximumLines.map { max(1, $0) } ?? .max
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    // One line past the limit is made, to know that the text did not fit.
    var full: Bool { lines.count > limit }
    func flush() {
      lines.append((lines.isEmpty ? first : indent) + line)
      line = ""
      lineWidth = 0
    }
    var wordStart = text.startIndex
    words: while true {
      // The words between single spaces (two spaces have an empty word between them).
      let wordEnd = text[wordStart...].firstIndex(of: " ") ?? text.endIndex
      defer { wordStart = wordEnd < text.endIndex ? text.index(after: wordEnd) : wordEnd }
      var rest = text[wordStart..<wordEnd]
      var restWidth = of(rest)
      if !line.isEmpty && lineWidth + 1 + restWidth > room { flush() }
      if full { break words }
      if !line.isEmpty {
        line += " "
        lineWidth += 1
      }
      // A word longer than the line: as much as fits, then a new line, until the rest fits.
      while lineWidth + restWidth > room {
        var end = rest.startIndex
        var used = 0
        while end < rest.endIndex {
          let width = width(of: rest[end])
          if lineWidth + used + width > room { break }
          used += width
          rest.formIndex(after: &end)
        }
        // A character wider than the whole room goes on a line of its own.
        if end == rest.startIndex && line.isEmpty {
          used = width(of: rest[end])
          rest.formIndex(after: &end)
        }
        line += rest[..<end]
        rest = rest[end...]
        restWidth -= used
        flush()
        if full { break words }
      }
      line += rest
      lineWidth += restWidth
      if wordEnd == text.endIndex { break words }
    }
    if !full && (!line.isEmpty || lines.isEmpty) { flush() }
    guard lines.count > limit else { return lines }
    lines.removeLast(lines.count - limit)
    let last = lines.count - 1
    lines[last] = clip(lines[last], to: max(0, columns - 1)) + "…"
    return lines
  }

  /// `text` padded with spaces (or clipped) to exactly `columns` cells.
  public static func pad(_ text: String, to columns: Int) -> String {
    let clipped = clip(text, to: columns)
    return clipped + String(repeating: " ", count: max(0, columns - of(clipped)))
  }
}
