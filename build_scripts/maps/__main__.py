"""python -m build_scripts.maps [ubike] [staedtetour] [tokaido] [--data DIR] [--out DIR]"""
import sys

from . import main

sys.exit(main())
