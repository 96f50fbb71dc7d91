#if canImport(Glibc)
  import Glibc
#endif

/// Draws the scaling curves as one SVG of small panels, one per curve: size along x (evenly
/// spaced, as the sizes grow by factors), ns per value along a logarithmic y, one line per
/// contender. Written by hand so the benchmark package needs nothing beyond OpenCombine.
enum Chart {
  static let colors: [Contender: String] = [
    .closures: "#888888", .signals: "#d9480f", .openCombine: "#1c7ed6",
  ]

  static func svg(_ results: [CurveResult], title: String) -> String {
    let columns = 2
    let panelWidth = 420.0
    let panelHeight = 220.0
    let rows = (results.count + columns - 1) / columns
    let width = Double(columns) * panelWidth
    let height = Double(rows) * panelHeight + 60
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      font-family="sans-serif" font-size="11">
      <rect width="100%" height="100%" fill="white"/>
      <text x="12" y="22" font-size="15">\(escape(title))</text>

      """
    var legendX = 12.0
    for contender in Contender.allCases {
      out += """
        <rect x="\(legendX)" y="32" width="14" height="4" fill="\(colors[contender]!)"/>\
        <text x="\(legendX + 18)" y="38">\(contender.rawValue)</text>

        """
      legendX += 110
    }
    for (index, result) in results.enumerated() {
      let originX = Double(index % columns) * panelWidth
      let originY = 60 + Double(index / columns) * panelHeight
      out += panel(result, x: originX, y: originY, width: panelWidth, height: panelHeight)
    }
    return out + "</svg>\n"
  }

  static func panel(_ result: CurveResult, x: Double, y: Double, width: Double, height: Double) -> String {
    let left = x + 56
    let right = x + width - 16
    let top = y + 24
    let bottom = y + height - 34
    let all = result.points.flatMap { $0.nanoseconds.values }.filter { $0.isFinite && $0 > 0 }
    guard let low = all.min(), let high = all.max() else { return "" }
    // Whole decades around the values, so that the slope of a line reads the same in every panel.
    let minExponent = (log10(low)).rounded(.down)
    let maxExponent = Swift.max(minExponent + 1, (log10(high)).rounded(.up))
    func yOf(_ value: Double) -> Double {
      bottom - (log10(value) - minExponent) / (maxExponent - minExponent) * (bottom - top)
    }
    func xOf(_ index: Int) -> Double {
      result.points.count < 2
        ? (left + right) / 2 : left + Double(index) / Double(result.points.count - 1) * (right - left)
    }
    var out =
      "<g>\n<text x=\"\(x + 12)\" y=\"\(y + 14)\" font-size=\"12\">\(escape(result.curve.name))</text>\n"
    out += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(right - left)\" height=\"\(bottom - top)\" "
    out += "fill=\"none\" stroke=\"#ccc\"/>\n"
    var exponent = minExponent
    while exponent <= maxExponent {
      let lineY = yOf(pow(10, exponent))
      out += "<line x1=\"\(left)\" y1=\"\(lineY)\" x2=\"\(right)\" y2=\"\(lineY)\" stroke=\"#eee\"/>"
      out += "<text x=\"\(left - 4)\" y=\"\(lineY + 4)\" text-anchor=\"end\">\(decade(exponent))</text>\n"
      exponent += 1
    }
    for (index, point) in result.points.enumerated() {
      out += "<text x=\"\(xOf(index))\" y=\"\(bottom + 14)\" text-anchor=\"middle\">\(point.size)</text>\n"
    }
    out += "<text x=\"\((left + right) / 2)\" y=\"\(bottom + 28)\" text-anchor=\"middle\" fill=\"#555\">"
    out += "\(escape(result.curve.sizeLabel)) (ns per value, log scale)</text>\n"
    for contender in Contender.allCases {
      let points = result.points.enumerated().compactMap { index, point -> String? in
        guard let value = point.nanoseconds[contender], value.isFinite, value > 0 else { return nil }
        return "\(xOf(index)),\(yOf(value))"
      }
      guard !points.isEmpty else { continue }
      out += "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"\(colors[contender]!)\" "
      out += "points=\"\(points.joined(separator: " "))\"/>\n"
    }
    return out + "</g>\n"
  }

  static func decade(_ exponent: Double) -> String {
    switch exponent {
    case ..<3: String(Int(pow(10, exponent)))
    case ..<6: "\(Int(pow(10, exponent - 3)))k"
    default: "1e\(Int(exponent))"
    }
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
  }
}

extension String {
  /// Foundation's, without Foundation.
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
