import CNCurses
import OffstageUI
