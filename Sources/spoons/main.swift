print("spoons")
