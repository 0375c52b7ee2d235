package printables

import _ "embed"

// ipaex is IPAex Gothic, which has every kana and kanji the sheets use and
// the four suits; fpdf embeds the subset a PDF uses.
//
//go:embed fonts/ipaexg.ttf
var ipaex []byte

// FontLicense is the IPA Font License Agreement v1.0, under which the font
// embedded in every PDF is distributed (Japanese and English).
//
//go:embed fonts/IPA_Font_License_Agreement_v1.0.txt
var FontLicense string
