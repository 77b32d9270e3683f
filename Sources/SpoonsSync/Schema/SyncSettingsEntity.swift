import SpoonsCore

/// The settings every device shares, in the entity `settings`. A default reads as empty, so a
/// device that never changed a setting never overrides one.
public enum SyncSettingsField: String, SyncFieldSet {
  case reserve
  case dayStart = "daystart"
  case mood
  case paceHint = "pacehint"

  public static let required: [Self] = []
}

/// The settings written to and read from the document.
enum SyncSettingsEntity {
  static func values(of planner: Planner) -> [String: String] {
    SyncSettingsField.values([
      .reserve: planner.reserve == 0 ? "" : String(planner.reserve),
      .dayStart: planner.dayStart == .standard ? "" : String(planner.dayStart.minutes),
      .mood: planner.asksMood ? "" : "off", .paceHint: planner.paceHints ? "" : "off",
    ])
  }

  /// The settings `fields` hold. Throws one no Spoons writes.
  static func settings(_ fields: SyncRegisters) throws(SyncProblem) -> Settings {
    var settings = Settings()
    let reserve = fields.text(SyncSettingsField.reserve)
    if !reserve.isEmpty {
      guard let value = Int(reserve), Limits.spoonsPerDay.contains(value) else {
        throw problem(.reserve, reserve)
      }
      settings.reserve = value
    }
    let start = fields.text(SyncSettingsField.dayStart)
    if !start.isEmpty {
      guard let minutes = Int(start), DayStart.range.contains(minutes),
        let dayStart = DayStart(minutes: minutes)
      else { throw problem(.dayStart, start) }
      settings.dayStart = dayStart
    }
    settings.asksMood = fields.text(SyncSettingsField.mood) != "off"
    settings.paceHints = fields.text(SyncSettingsField.paceHint) != "off"
    return settings
  }

  /// The shared settings, as a planner holds them.
  struct Settings {
    var reserve = 0
    var dayStart = DayStart.standard
    var asksMood = true
    var paceHints = true

    func apply(to planner: inout Planner) {
      planner.dayStart = dayStart
      planner.asksMood = asksMood
      planner.paceHints = paceHints
    }
  }

  private static func problem(_ field: SyncSettingsField, _ value: String) -> SyncProblem {
    SyncProblem(entity: SyncEntity.settings.name, field: field.rawValue, value: value)
  }
}
