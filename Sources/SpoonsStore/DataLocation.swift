/// Where the planner's files live, decided once per run.
///
/// In order: `--data DIR`, `$SPOONS_HOME`, `$XDG_DATA_HOME/spoons`, then the platform's usual
/// place. A pure function of its inputs, so the order is tested without touching the disk.
public enum DataLocation {
  /// `variable` looks one environment variable up, so that a run reads only the few it needs
  /// (every command resolves the location; a dictionary of them cost each one more than the
  /// lookups).
  public static func resolve(explicit: String?, variable: (String) -> String?) -> String {
    if let explicit, !explicit.isEmpty { return explicit }
    if let home = variable("SPOONS_HOME"), !home.isEmpty { return home }
    if let xdg = variable("XDG_DATA_HOME"), xdg.hasPrefix("/") { return xdg + "/spoons" }
    let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? "."
    #if os(macOS)
      return home + "/Library/Application Support/Spoons"
    #else
      return home + "/.local/share/spoons"
    #endif
  }
}
