import SpoonsCore

/// The next numbers one device hands out, in the entity `next:DEVICE`: written only when they
/// are past every number the document holds, for tasks the other devices never saw (made and
/// deleted between syncs), so nobody hands those numbers out again.
public enum SyncNextField: String, SyncFieldSet {
  case task, routine

  public static let required: [Self] = []
}

/// A device's next numbers written to and read from the document.
enum SyncNextEntity {
  /// `planner`'s next numbers, past `highest` (the numbers the document and this device
  /// hold), or empty.
  static func values(of planner: Planner, past highest: SyncNumbers) -> [String: String] {
    SyncNextField.values([
      .task: planner.nextID.rawValue > highest.task + 1 ? String(planner.nextID.rawValue) : "",
      .routine: planner.nextRoutineID.rawValue > highest.routine + 1
        ? String(planner.nextRoutineID.rawValue) : "",
    ])
  }

  /// The highest numbers a device's next numbers stand for; numbers out of range are not
  /// Spoons's and count for nothing.
  static func highest(_ fields: SyncRegisters) -> SyncNumbers {
    func highest(_ field: SyncNextField) -> Int {
      guard let n = Int(fields.text(field)), (1...SyncDocument.largestNumber).contains(n) else {
        return 0
      }
      return n - 1
    }
    return SyncNumbers(task: highest(.task), routine: highest(.routine))
  }
}
