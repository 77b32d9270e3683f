/// The days of the week a routine runs on.
///
/// A set of weekdays (0 = Sunday, as `CivilDate.weekday`) rather than a list, so `mon,mon` and
/// `tue,mon` mean what a person means by them.
public struct Weekdays: Hashable, Sendable, CustomStringConvertible {
  /// Bit `n` set: runs on weekday `n`.
  public let mask: UInt8

  public static let everyDay = Weekdays(mask: 0b111_1111)
  public static let workdays = Weekdays(mask: 0b011_1110)
  public static let weekend = Weekdays(mask: 0b100_0001)

  public init(mask: UInt8) { self.mask = mask & 0b111_1111 }

  public init(_ days: [Int]) {
    self.init(mask: days.reduce(0) { $0 | (1 << UInt8($1 % 7)) })
  }

  public func contains(_ weekday: Int) -> Bool { mask & (1 << UInt8(weekday % 7)) != 0 }

  public var isEmpty: Bool { mask == 0 }

  /// What `--days` accepts, for error messages.
  public static let acceptedForms =
    "weekday names separated by commas (mon,wed,fri), daily, weekdays or weekends"

  /// Reads `mon,wed,fri`, `daily`, `weekdays` or `weekends`, ignoring case; nil otherwise.
  public init?(_ text: String) {
    let word = text.lowercased()
    switch word {
    case "daily", "every", "everyday", "all": self = .everyDay
    case "weekdays", "workdays": self = .workdays
    case "weekends", "weekend": self = .weekend
    default:
      var days: [Int] = []
      for part in word.split(separator: ",", omittingEmptySubsequences: false) {
        guard let day = DueDateSpec.weekdays.firstIndex(where: { $0.contains(String(part)) })
        else { return nil }
        days.append(day)
      }
      self.init(days)
    }
  }

  /// `every day`, `weekdays`, `weekends`, or `Mon, Wed, Fri` (Monday first).
  public var description: String {
    switch self {
    case .everyDay: return "every day"
    case .workdays: return "weekdays"
    case .weekend: return "weekends"
    default:
      return names.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: ", ")
    }
  }

  /// The stored form: `mon,wed,fri` (Monday first), or `daily`.
  public var storedForm: String {
    self == .everyDay ? "daily" : names.joined(separator: ",")
  }

  /// The short names of the days in the set, Monday first: `mon`, `wed`.
  private var names: [String] {
    [1, 2, 3, 4, 5, 6, 0].filter(contains).map { DueDateSpec.weekdays[$0][0] }
  }
}
