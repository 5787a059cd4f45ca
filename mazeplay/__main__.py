from mazeplay.cli import main

main()
