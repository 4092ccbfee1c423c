public enum LintCatalog { public static let entries: [CatalogEntry] = [] }
