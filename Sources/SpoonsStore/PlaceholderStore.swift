import SpoonsCore
