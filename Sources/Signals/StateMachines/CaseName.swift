/// The name of an enum value's case, without its payload: `.profile(id: 42)` is `profile`.
///
/// State graphs match states and events by case, so that a transition declared for
/// `.profile(id: 0)` applies to every profile. Works for any value: an enum case with a payload
/// gives its case label; anything else gives its description.
@usableFromInline
func caseName(of value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .enum, let label = mirror.children.first?.label { return label }
  return String(describing: value)
}
