module tablemaster

go 1.26
