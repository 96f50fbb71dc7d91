/// The demos' text fields: how a typed character joins the text, with a length limit.
///
/// A field holds at most `maximumLength` characters; a character typed into a full field is
/// refused. Without a limit every keystroke copies the whole text (a field is a published
/// value: the view model keeps the old text while the new one is built), so typing or pasting
/// a long line would take time quadratic in its length; with it each keystroke costs at most
/// `maximumLength`. Threading: pure functions, any thread.
public enum TextInput {
  /// The most characters a field holds.
  public static let maximumLength = 256

  /// `text` with `character` appended, or `nil` when `text` already holds `maximumLength`
  /// characters (the field is full).
  public static func appending(_ character: Character, to text: String) -> String? {
    // `utf8.count` is constant time and never less than the character count: most texts are
    // decided without counting characters.
    guard text.utf8.count < maximumLength || text.count < maximumLength else { return nil }
    return text + String(character)
  }
}
