/// Where the planner's files live, decided once per run.
///
/// In order: `--data DIR`, `$SPOONS_HOME`, `$XDG_DATA_HOME/spoons`, then the platform's usual
/// place. A pure function of its inputs, so the order is tested without touching the disk.
public enum DataLocation {
  public static func resolve(explicit: String?, environment: [String: String]) -> String {
    if let explicit, !explicit.isEmpty { return explicit }
    if let home = environment["SPOONS_HOME"], !home.isEmpty { return home }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/spoons" }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
    #if os(macOS)
      return home + "/Library/Application Support/Spoons"
    #else
      return home + "/.local/share/spoons"
    #endif
  }
}
