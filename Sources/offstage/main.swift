print("offstage")
