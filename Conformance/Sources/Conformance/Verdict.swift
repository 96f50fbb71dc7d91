/// How a chart's two runs compare.
enum Verdict: Equatable {
  case same
  /// Both sides stopped the same macrostep as a loop (Appendix D never ends it; Signals cuts it).
  case bothLoop
  /// A difference the README lists: `id` names it.
  case known(id: String, step: Int)
  case differ(step: Int)
  case referenceFailed(String)

  var isFailure: Bool {
    switch self {
    case .differ, .referenceFailed: true
    default: false
    }
  }
}

/// The known differences of Signals from the W3C text, as the README lists them.
enum KnownDifference {
  /// "A state already active is not entered again": where Appendix D's entry set names a state
  /// the transition does not leave, the reference enters it again (its `onentry` runs, a final
  /// state raises its done event again); Signals does not.
  static let reentry = "reentry"
}

func judge(_ signals: Run, _ reference: Run) -> Verdict {
  if let error = reference.error { return .referenceFailed(error) }
  let count = min(signals.steps.count, reference.steps.count)
  for index in 0..<count where signals.steps[index] != reference.steps[index] {
    return classify(reference, step: index)
  }
  if signals.steps.count == reference.steps.count, signals.looped == reference.looped {
    return signals.looped ? .bothLoop : .same
  }
  return classify(reference, step: count)
}

private func classify(_ reference: Run, step: Int) -> Verdict {
  let upTo = min(step + 1, reference.reentered.count)
  if reference.reentered[..<upTo].contains(where: { !$0.isEmpty }) {
    return .known(id: KnownDifference.reentry, step: step)
  }
  return .differ(step: step)
}
