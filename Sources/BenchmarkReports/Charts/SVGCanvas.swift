import Foundation

/// Collects SVG elements and renders them as one inline `<svg>` element.
///
/// Output is well-formed XML (every attribute quoted, every text escaped, every
/// element closed) without a namespace URI, so the page holds no `http` string
/// and an XML parser reads each chart as it is. Coordinates are written with one
/// decimal: finer positions are invisible and only grow the file.
struct SVGCanvas {
  /// How text is anchored at its position.
  enum Anchor: String {
    case start, middle, end
  }

  /// The drawing's width in user units (CSS pixels at 100 %).
  var width: Double
  /// The drawing's height in user units.
  var height: Double
  private var elements = [String]()

  init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A rectangle; `title` becomes its hover tooltip.
  mutating func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil,
    opacity: Double? = nil, title: String? = nil
  ) {
    var attributes =
      "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(max(0, width)))\" "
        + "height=\"\(Self.number(max(0, height)))\" fill=\"\(fill)\""
    if let stroke { attributes += " stroke=\"\(stroke)\"" }
    if let opacity { attributes += " fill-opacity=\"\(Self.number(opacity, digits: 2))\"" }
    elements.append(Self.element("rect", attributes, title: title))
  }

  /// A straight line.
  mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dash: String? = nil
  ) {
    var attributes =
      "x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" "
        + "stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\""
    if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
    elements.append("<line \(attributes)/>")
  }

  /// An open line through `points`.
  mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 2, dash: String? = nil) {
    guard points.count > 1 else { return }
    let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
    var attributes =
      "points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\" "
        + "stroke-linejoin=\"round\""
    if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
    elements.append("<polyline \(attributes)/>")
  }

  /// A filled circle; `title` becomes its hover tooltip.
  mutating func circle(cx: Double, cy: Double, r: Double, fill: String, stroke: String? = nil, title: String? = nil) {
    var attributes = "cx=\"\(Self.number(cx))\" cy=\"\(Self.number(cy))\" r=\"\(Self.number(r))\" fill=\"\(fill)\""
    if let stroke { attributes += " stroke=\"\(stroke)\"" }
    elements.append(Self.element("circle", attributes, title: title))
  }

  /// A closed shape through `points`; `title` becomes its hover tooltip.
  mutating func polygon(
    _ points: [(x: Double, y: Double)], fill: String, stroke: String? = nil, title: String? = nil
  ) {
    let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
    var attributes = "points=\"\(list)\" fill=\"\(fill)\""
    if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"1.4\"" }
    elements.append(Self.element("polygon", attributes, title: title))
  }

  /// A line of text at (`x`, `y`), `y` being its baseline.
  mutating func text(
    _ content: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 12,
    weight: String? = nil, fill: String = "#222", italic: Bool = false
  ) {
    var attributes = "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\""
    if anchor != .start { attributes += " text-anchor=\"\(anchor.rawValue)\"" }
    if let weight { attributes += " font-weight=\"\(weight)\"" }
    if italic { attributes += " font-style=\"italic\"" }
    if fill != "#222" { attributes += " fill=\"\(fill)\"" }
    elements.append("<text \(attributes)>\(HTMLText.escape(content))</text>")
  }

  /// The `<svg>` element; `label` is what a screen reader says about it.
  func render(label: String) -> String {
    "<svg class=\"chart\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" viewBox=\"0 0 "
      + "\(Self.number(width)) \(Self.number(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\">\n"
      + elements.joined(separator: "\n") + "\n</svg>"
  }

  private static func element(_ name: String, _ attributes: String, title: String?) -> String {
    guard let title else { return "<\(name) \(attributes)/>" }
    return "<\(name) \(attributes)><title>\(HTMLText.escape(title))</title></\(name)>"
  }

  static func number(_ value: Double, digits: Int = 1) -> String {
    guard value.isFinite else { return "0" }
    let text = String(format: "%.\(digits)f", value)
    // Trailing zeros only grow the file.
    guard text.contains(".") else { return text }
    var trimmed = Substring(text)
    while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
    if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
    return trimmed == "-0" ? "0" : String(trimmed)
  }
}
