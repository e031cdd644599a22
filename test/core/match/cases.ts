/**
 * The cases the recording matcher decides, as the four sources write songs: Deezer (credited
 * contributors, `title_version` tags in brackets), iTunes (one `artistName` string, `[feat. X]`,
 * `- Single` albums), Audius (free-form uploads: `Artist - Title`, `(Official Audio)`, `sped
 * up`) and the Internet Archive (file tags or file names, concert items titled `Live at …`).
 * Half of them are hard negatives: pairs that look alike and are not the same recording.
 * ISRCs are an uploader's unless a case says its sources vouch for them (Deezer, iTunes).
 */
import type { MatchableSong } from "../../../server/engine/match/recording.ts";
import type { IsrcOrigin } from "../../../core/plugin.ts";

export interface MatchCase {
  /** what the pair shows */
  name: string;
  a: MatchableSong;
  b: MatchableSong;
  same: boolean;
  /** for the same recording: what decided it */
  reason?: "isrc" | "metadata";
  /** who stands behind each side's ISRC (default: uploaders, both) */
  isrcs?: [IsrcOrigin, IsrcOrigin];
}

const song = (name: string, artist: string | string[], duration: number, album = "", isrc?: string): MatchableSong => ({
  name,
  artist: typeof artist === "string" ? [artist] : artist,
  album,
  duration,
  ...(isrc ? { isrc } : {}),
});

const same = (name: string, a: MatchableSong, b: MatchableSong, reason: "isrc" | "metadata" = "metadata", isrcs?: [IsrcOrigin, IsrcOrigin]): MatchCase => ({
  name, a, b, same: true, reason, isrcs,
});
const different = (name: string, a: MatchableSong, b: MatchableSong, isrcs?: [IsrcOrigin, IsrcOrigin]): MatchCase => ({ name, a, b, same: false, isrcs });

/** A label's song, and uploads claiming its ISRC: the attack on `fallback=1` (issue 38). */
const PAPER_PLANES = song("Paper Planes", "M.I.A.", 204, "Kala", "GBBKS0700567");
const claim = (name: string, artist: string, duration: number) => song(name, artist, duration, "", "GBBKS0700567");
const SCAM = claim("Paper Planes (FREE crypto at scam.example)", "scam.example", 30);
const LABEL_AND_UPLOAD: [IsrcOrigin, IsrcOrigin] = ["vouched", "uploader"];

const HARDER = song("Harder Better Faster Stronger", "Daft Punk", 224, "Discovery", "GBDUW0000059");
/** One song with its explicit flag as its source says it (true, false, or null: the source does not say). */
const rated = (name: string, artist: string, duration: number, explicit: boolean | null, album = ""): MatchableSong => ({ ...song(name, artist, duration, album), explicit });
const ZOMBIE = "Thriller (25th Anniversary, Zombie Cover)";
const DEAD_1977 = "Grateful Dead Live at Springfield Civic Center Arena on 1977-04-23";

export const SAME_RECORDING: MatchCase[] = [
  same(
    "featured artists and an edit tag, written the Deezer and the iTunes way",
    song("Get Lucky (feat. Pharrell Williams & Nile Rodgers) (Radio Edit)", ["Daft Punk", "Pharrell Williams", "Nile Rodgers"], 248, "Get Lucky (Radio Edit)"),
    song("Get Lucky (Radio Edit) [feat. Pharrell Williams & Nile Rodgers]", "Daft Punk", 248, "Get Lucky (Radio Edit) [feat. Pharrell Williams & Nile Rodgers] - Single"),
  ),
  same("a remaster in brackets and after a dash", song("Space Oddity (2015 Remaster)", "David Bowie", 315, "David Bowie"), song("Space Oddity - 2015 Remaster", "David Bowie", 315)),
  same("a remaster and the plain title", song("Space Oddity - 2015 Remaster", "David Bowie", 315), song("Space Oddity", "David Bowie", 316)),
  same("a new remaster and the plain title", song("Tern (New Remastered Version)", "The Quiet Harbour", 201), song("Tern", "Quiet Harbour", 201)),
  same("remastered, another year's wording", song("Help! (Remastered 2009)", "The Beatles", 139), song("Help! - Remastered", "Beatles", 138)),
  same("accents and case", song("Déjà Vu", "Beyoncé", 240), song("DEJA VU", "Beyonce", 241)),
  same("an ampersand and and", song("Me & My Uncle", "Grateful Dead", 190, "Ace"), song("Me And My Uncle", "Grateful Dead", 191, "Ace")),
  same("apostrophes and punctuation", song("Don't Stop Me Now", "Queen", 209), song("Dont Stop Me Now!", "Queen", 210)),
  same("an acute accent and a modifier letter written as apostrophes", song("Don\u00B4t Stop Me Now", "Queen", 209), song("Don\u02BCt Stop Me Now", "Queen", 209)),
  same("an acute accent as an apostrophe and a typewriter one", song("Don\u00B4t Stop Me Now", "Queen", 209), song("Don't Stop Me Now", "Queen", 210)),
  same("an archive file named after its track number", song("01 - Paper Lanterns", "Marlow Vane", 241, "Tidal Lines"), song("Paper Lanterns", "Marlow Vane", 241, "Tidal Lines")),
  same("an upload titled Artist - Title", song("Marlow Vane - Paper Lanterns", "Marlow Vane", 242), song("Paper Lanterns", "Marlow Vane", 241)),
  same("an archive file named Title - Artist", song("Paper Lanterns - Marlow Vane", ["Marlow Vane"], 241), song("Paper Lanterns", "Marlow Vane", 240)),
  same(
    "a collaboration in one string and as credited contributors",
    song("Salt Air", "Marlow Vane & Ines Okafor", 198),
    song("Salt Air (feat. Ines Okafor)", ["Marlow Vane", "Ines Okafor"], 198),
  ),
  same("a featured artist in the artist string and a with credit", song("One Kiss", "Calvin Harris feat. Dua Lipa", 214), song("One Kiss (with Dua Lipa)", ["Calvin Harris", "Dua Lipa"], 214)),
  same(
    "equal ISRCs of two label catalogues decide, whatever the titles, credits and lengths say",
    HARDER,
    song("Harder, Better, Faster, Stronger (Album Version) [Remastered]", ["Thomas Bangalter", "Guy-Manuel de Homem-Christo"], 230, "", "GB-DUW-00-00059"),
    "isrc",
    ["vouched", "vouched"],
  ),
  same("an upload's ISRC equal to a label's, with title, artist and length agreeing", HARDER, song("Harder, Better, Faster, Stronger (Official Audio)", "daftpunk", 226, "", "GBDUW0000059"), "isrc", [
    "vouched",
    "uploader",
  ]),
  same(
    "two uploads with one ISRC, the metadata agreeing",
    song("Night Ferry", "The Quiet Harbour", 262, "", "QZHRB2200011"),
    song("The Quiet Harbour - Night Ferry (Official Audio)", "The Quiet Harbour", 263, "", "QZHRB2200011"),
    "isrc",
  ),
  same("lengths three seconds apart", song("Crossing", "The Quiet Harbour", 191), song("Crossing", "The Quiet Harbour", 194)),
  same("official audio is the recording", song("Tern (Official Audio)", "The Quiet Harbour", 213), song("Tern", "The Quiet Harbour", 213)),
  same(
    "a soundtrack credit, after a dash and in brackets",
    song('Hold My Hand - From "Top Gun: Maverick"', "Lady Gaga", 226),
    song('Hold My Hand (From "Top Gun: Maverick")', "Lady Gaga", 225),
  ),
  same(
    "one live album, its title tag on one side only",
    song("About a Girl", "Nirvana", 217, "MTV Unplugged In New York"),
    song("About a Girl (Live)", "Nirvana", 218, "MTV Unplugged in New York"),
  ),
  same("one remixer's remix", song("Roses (Imanbek Remix)", ["SAINt JHN", "Imanbek"], 176), song("Roses - Imanbek Remix", "SAINt JHN", 176)),
  same("part numbers written two ways", song("Another Brick in the Wall, Pt. 2", "Pink Floyd", 239), song("Another Brick In The Wall (Part 2)", "Pink Floyd", 240)),
  same("a radio edit on both sides", song("Don't You Know (Radio Edit)", "Kungs", 172), song("Don't You Know - Radio Edit", "Kungs", 172)),
  same(
    "a 78 rpm transfer with its composers credited",
    song("(When Your Heart's On Fire) Smoke Gets in Your Eyes", ["Larry Adler", "Harbach", "Kern"], 191),
    song("(When Your Heart's On Fire) Smoke Gets In Your Eyes", "Larry Adler", 190),
  ),
  same("the album version is the recording", song("White Christmas (Album Version)", "Bing Crosby", 183), song("White Christmas", "Bing Crosby", 183)),
  same("a bonus track tag", song("Tern (Bonus Track)", "The Quiet Harbour", 213), song("Tern", "The Quiet Harbour", 213)),
  same("the original mix of a dance track", song("Levels (Original Mix)", "Avicii", 338), song("Levels", "Avicii", 338)),
  same(
    "a bare live tag on a live album, and the venue in the title",
    song("Crossing (Live)", "The Quiet Harbour", 250, "Live at Wembley"),
    song("Crossing (Live at Wembley)", "The Quiet Harbour", 251, "Greatest Moments"),
  ),
  same("an upload channel and its announcement tag", song("Night Ferry (Free Download)", "The Quiet Harbour Official", 262), song("Night Ferry", "The Quiet Harbour", 262)),
  same("an upload channel's Artist - Title", song("The Quiet Harbour - Night Ferry", "The Quiet Harbour Official", 262), song("Night Ferry", "The Quiet Harbour", 262)),
  same("a VEVO channel's Artist - Title (Official Audio)", song("Marlow Vane - Paper Lanterns (Official Audio)", "MarlowVaneVEVO", 242), song("Paper Lanterns", "Marlow Vane", 241)),
  same("a credit with a guest before the title", song("Marlow Vane - Salt Air", "Marlow Vane feat. Ines Okafor", 198), song("Salt Air (feat. Ines Okafor)", ["Marlow Vane", "Ines Okafor"], 198)),
  same("an archive file named 01 Title, without a dash", song("01 Night Ferry", "The Quiet Harbour", 262), song("Night Ferry", "The Quiet Harbour", 263)),
  same("a remix on an album of remixes", song("Roses (Imanbek Remix)", "SAINt JHN", 176, "Roses (Remixes)"), song("Roses - Imanbek Remix", "SAINt JHN", 176)),
  // A song's own tag says which it is, so an album's kind does not (issue 40, item 3).
  same("the original mix on an album of remixes", song("Night Ferry (Original Mix)", "The Quiet Harbour", 262, "Night Ferry (Remixes)"), song("Night Ferry", "The Quiet Harbour", 262, "Night Ferry")),
  same("the single version on an album of remixes", song("Crossing (Single Version)", "The Quiet Harbour", 191, "Crossing: The Remixes"), song("Crossing", "The Quiet Harbour", 191, "Long Way Round")),
  // Issue 40: what real catalogues showed.
  same("an anniversary album whose cover is the artwork: Billie Jean", song("Billie Jean", "Michael Jackson", 294, ZOMBIE), song("Billie Jean", "Michael Jackson", 294, "Thriller")),
  same("an anniversary album whose cover is the artwork: Beat It", song("Beat It", "Michael Jackson", 258, ZOMBIE), song("Beat It - Single Version", "Michael Jackson", 258, "Thriller 25 Super Deluxe Edition")),
  same("an anniversary album whose cover is the artwork: P.Y.T.", song("P.Y.T. (Pretty Young Thing)", "Michael Jackson", 239, ZOMBIE), song("P.Y.T. (Pretty Young Thing)", "Michael Jackson", 238, "Thriller")),
  same("one master on its album and on a compilation, as iTunes lists it twice", song("Beat It", "Michael Jackson", 258, "Thriller"), song("Beat It", "Michael Jackson", 258, "Number Ones")),
  same(
    "a remaster and a collection's remastered album version, a second apart",
    song("Somethin' Stupid (2008 Remastered)", ["Frank Sinatra", "Nancy Sinatra"], 159),
    song("Somethin' Stupid (Remastered Album Version) [The Frank Sinatra Collection] (Remastered Album Version The Frank Sinatra Collection)", "Frank Sinatra & Nancy Sinatra", 160),
  ),
  same("a single version and the album cut at the same length", song("Somebody's Love (Single Version)", "Paolo Nutini", 225), song("Somebody's Love", "Paolo Nutini", 225, "Caustic Love")),
  same("a 20-minute track 4 s apart on an anniversary remaster", song("2112", "Rush", 1233, "2112"), song("2112 - Remastered 2012", "Rush", 1237, "2112 (40th Anniversary)")),
  same("a remaster year in brackets and after a dash", song("The Trooper (1998 Remaster)", "Iron Maiden", 251, "Ed Hunter"), song("The Trooper - 1998 Remaster", "Iron Maiden", 250)),
  same(
    "a version iTunes keeps in trackCensoredName, as read, and Deezer's spelling",
    song("Despacito (feat. Justin Bieber) [Remix]", "Luis Fonsi & Daddy Yankee", 229),
    song("Despacito (Remix) (feat. Justin Bieber)", ["Luis Fonsi", "Daddy Yankee", "Justin Bieber"], 229),
  ),
  same(
    "a bonus track iTunes names in trackCensoredName only",
    song("See Me Now (feat. Beyoncé, Charlie Wilson & Big Sean) [Bonus Track]", "Kanye West", 364),
    song("See Me Now (feat. Beyonce, Charlie Wilson & Big Sean)", ["Kanye West", "Beyoncé"], 364),
  ),
  same("the explicit copy on two catalogues", rated("Starboy", "The Weeknd", 230, true), rated("Starboy (feat. Daft Punk)", "The Weeknd", 230, true)),
  same("a song a source says nothing of, and its explicit copy", rated("Starboy", "The Weeknd", 230, null), rated("Starboy", "The Weeknd", 231, true)),
  same("a title in Cyrillic and in Latin letters", song("Остаёмся зимовать", "Кино", 230), song("Ostayomsya Zimovat", "Kino", 231)),
  // Russian writes ё as е at will, and catalogues differ: one title, one artist, either way.
  same("a title with ё and with е", song("Всё идёт по плану", "Гражданская оборона", 262), song("Все идет по плану", "Гражданская оборона", 262)),
  same("an artist with ё and with е", song("Вечеринка", "Алёна Швец", 180), song("Вечеринка", "Алена Швец", 180)),
  same("a title with ё, and in Latin letters with e", song("Остаёмся зимовать", "Кино", 230), song("Ostaemsya Zimovat", "Kino", 230)),
  same("a title in Greek on both sides, accents differing", song("Η Συννεφιασμένη Κυριακή", "Βασίλης Τσιτσάνης", 190), song("Η συννεφιασμενη Κυριακη", "Βασιλης Τσιτσανης", 191)),
  same("a part number in Roman numerals and in digits", song("Another Brick in the Wall (Part II)", "Pink Floyd", 239), song("Another Brick in the Wall, Pt. 2", "Pink Floyd", 240)),
  same("a part number in a word and in digits", song("Poney Pt. I", "Vitalic", 323, "OK Cowboy"), song("Poney (Part One)", "Vitalic", 323)),
  // Spellings of one tag: `Inst.`, `Ver.`, an extended mix or version, the original's extended mix.
  same("an instrumental written Inst., in brackets and after a dash", song("Tern (Inst.)", "The Quiet Harbour", 213), song("Tern - Instrumental", "The Quiet Harbour", 213)),
  same("an instrumental after a dash written Inst.", song("Tern - Inst.", "The Quiet Harbour", 213), song("Tern (Instrumental)", "The Quiet Harbour", 213)),
  same("a version written Ver.", song("Tern (Acoustic Ver.)", "The Quiet Harbour", 213), song("Tern (Acoustic Version)", "The Quiet Harbour", 213)),
  same("an extended mix and an extended version", song("Levels (Extended Mix)", "Avicii", 338), song("Levels - Extended Version", "Avicii", 338)),
  same("the original extended mix and the extended mix", song("Night Ferry (Original Extended Mix)", "The Quiet Harbour", 402), song("Night Ferry (Extended Mix)", "The Quiet Harbour", 402)),
  same("one album's intro, on its deluxe edition", song("Intro", "The xx", 128, "xx"), song("Intro", "The xx", 127, "xx (Deluxe Edition)")),
  same("a remastered tag and a deluxe edition's", song("Soliloquy (Remastered)", "Art Pepper", 366), song("Soliloquy - Deluxe Edition", "Art Pepper", 366)),
];

export const HARD_NEGATIVES: MatchCase[] = [
  different("a new version is a re-recording, even at the same length", song("Tern (New Version)", "The Quiet Harbour", 201), song("Tern", "Quiet Harbour", 201)),
  different("a live take and the studio take", song("Smells Like Teen Spirit (Live at Reading)", "Nirvana", 301), song("Smells Like Teen Spirit", "Nirvana", 301)),
  different("a live tag after a dash", song("Smells Like Teen Spirit - Live", "Nirvana", 301, "Nevermind"), song("Smells Like Teen Spirit", "Nirvana", 301, "Nevermind")),
  different(
    "an archive concert recording and the studio take, lengths equal",
    song("Scarlet Begonias ->", "Grateful Dead", 426, DEAD_1977),
    song("Scarlet Begonias", "Grateful Dead", 426, "From the Mars Hotel"),
  ),
  different(
    "two live takes from different concerts",
    song("Scarlet Begonias (Live)", "Grateful Dead", 426, "Dick's Picks Vol. 1: Tampa, Florida 12/19/73"),
    song("Scarlet Begonias ->", "Grateful Dead", 426, DEAD_1977),
  ),
  different("two bare live tags from different live albums", song("Crossing (Live)", "The Quiet Harbour", 250, "Live in Paris"), song("Crossing (Live)", "The Quiet Harbour", 250, "Live at Wembley")),
  different("a remix and the original", song("Roses (Imanbek Remix)", "SAINt JHN", 176), song("Roses", "SAINt JHN", 176)),
  different("two remixers' remixes", song("Roses (Imanbek Remix)", "SAINt JHN", 176), song("Roses (Oliver Heldens Remix)", "SAINt JHN", 176)),
  different("a cover by another artist, same length", song("Hallelujah", "Jeff Buckley", 413), song("Hallelujah", "Leonard Cohen", 413)),
  different("a cover that says so, by another artist", song("Hallelujah (Cover)", "Marlow Vane", 413), song("Hallelujah", "Leonard Cohen", 413)),
  different("a radio edit and the album version, lengths equal", song("Get Lucky (Radio Edit)", "Daft Punk", 248), song("Get Lucky", "Daft Punk", 248)),
  different("the same title by a different artist", song("Hello", "Adele", 295), song("Hello", "Lionel Richie", 295)),
  different("two takes of one session", song("Night in Tunisia (Take 2)", "Dizzy Gillespie", 190), song("Night in Tunisia (Take 3)", "Dizzy Gillespie", 190)),
  different("an alternate take and the master", song("Night in Tunisia (Alternate Take)", "Dizzy Gillespie", 190), song("Night in Tunisia", "Dizzy Gillespie", 190)),
  different("an acoustic version", song("My Way (Acoustic)", "Marlow Vane", 200), song("My Way", "Marlow Vane", 200)),
  different("two acoustic versions", song("My Way (Acoustic Live Lounge)", "Marlow Vane", 200), song("My Way - Acoustic Version", "Marlow Vane", 200)),
  different("an instrumental", song("Paper Lanterns (Instrumental)", "Marlow Vane", 241), song("Paper Lanterns", "Marlow Vane", 241)),
  different("a karaoke version under the artist's name", song("Rolling in the Deep (Karaoke Version)", "Adele", 228), song("Rolling in the Deep", "Adele", 228)),
  different("a sped-up upload", song("Paper Lanterns (Sped Up)", "Marlow Vane", 241), song("Paper Lanterns", "Marlow Vane", 241)),
  different("sped up and slowed", song("Paper Lanterns - sped up version", "Marlow Vane", 241), song("Paper Lanterns (slowed + reverb)", "Marlow Vane", 241)),
  different("lengths too far apart: another edit", song("Paper Lanterns", "Marlow Vane", 241), song("Paper Lanterns", "Marlow Vane", 248)),
  different("a length unknown", song("Paper Lanterns", "Marlow Vane", 0), song("Paper Lanterns", "Marlow Vane", 241)),
  different(
    "different ISRCs, whatever the metadata says",
    song("Paper Lanterns", "Marlow Vane", 241, "", "QZAAA2400001"),
    song("Paper Lanterns", "Marlow Vane", 241, "", "QZAAA2400002"),
  ),
  different("an upload claiming a label's ISRC, titled otherwise, by another artist, 30 s long", PAPER_PLANES, SCAM, LABEL_AND_UPLOAD),
  different("an upload claiming a label's ISRC, its title and artist right, another length", PAPER_PLANES, claim("Paper Planes", "M.I.A.", 30), LABEL_AND_UPLOAD),
  different("an upload claiming a label's ISRC under another artist", PAPER_PLANES, claim("Paper Planes", "DJ Scam", 204), LABEL_AND_UPLOAD),
  different("an upload claiming a label's ISRC for a version", PAPER_PLANES, claim("Paper Planes (Sped Up)", "M.I.A.", 204), LABEL_AND_UPLOAD),
  different("two uploads with one ISRC, titled differently", claim("Paper Planes", "M.I.A.", 204), SCAM),
  different("a label's ISRC and an upload's other one, the metadata agreeing", PAPER_PLANES, song("Paper Planes", "M.I.A.", 204, "Kala", "GBBKS0700568"), LABEL_AND_UPLOAD),
  different("a demo", song("Tern (Demo)", "The Quiet Harbour", 213), song("Tern", "The Quiet Harbour", 213)),
  different("a mono mix and a stereo remaster", song("Help! (Mono)", "The Beatles", 139), song("Help! (Remastered 2009)", "The Beatles", 139)),
  different("a re-recording", song("Love Story (Taylor's Version)", "Taylor Swift", 235), song("Love Story", "Taylor Swift", 235)),
  different("an extended mix and a radio edit", song("Levels (Extended Mix)", "Avicii", 338), song("Levels (Radio Edit)", "Avicii", 338)),
  different("a new mix and the remaster", song("Here Comes the Sun (2019 Mix)", "The Beatles", 186), song("Here Comes the Sun - Remastered 2009", "The Beatles", 186)),
  different("the featured artist alone: a cover", song("Salt Air (feat. Ines Okafor)", ["Marlow Vane", "Ines Okafor"], 198), song("Salt Air", "Ines Okafor", 198)),
  different("an instrumental and a karaoke version", song("Tern (Instrumental)", "The Quiet Harbour", 213), song("Tern (Karaoke)", "The Quiet Harbour", 213)),
  different("a reprise", song("Tern (Reprise)", "The Quiet Harbour", 213), song("Tern", "The Quiet Harbour", 213)),
  different("a re-recording with a year", song("Tern (2014 Version)", "The Quiet Harbour", 213), song("Tern", "The Quiet Harbour", 213)),
  different("a clean edit", song("Crossing (Clean)", "The Quiet Harbour", 191), song("Crossing", "The Quiet Harbour", 191)),
  different("a song of an instrumentals album", song("Crossing", "The Quiet Harbour", 191, "Long Way Round (Instrumentals)"), song("Crossing", "The Quiet Harbour", 191, "Long Way Round")),
  different("a song of a remix album", song("Crossing", "The Quiet Harbour", 191, "Long Way Round: The Remixes"), song("Crossing", "The Quiet Harbour", 191, "Long Way Round")),
  different("a remaster's tag on an instrumentals album says nothing of which version", song("Crossing (2011 Remaster)", "The Quiet Harbour", 191, "Long Way Round (Instrumentals)"), song("Crossing", "The Quiet Harbour", 191, "Long Way Round")),
  different("the original soundtrack's credit on a karaoke album", song("Tern (From the Original Motion Picture Soundtrack)", "The Quiet Harbour", 213, "Karaoke Hits 7"), song("Tern", "The Quiet Harbour", 213)),
  // Issue 40: what real catalogues showed.
  different("an instrumental as long as the song", song("YOU AND I (Instrumental)", "DREAMCATCHER", 195, "Nightmare·Escape The ERA - EP"), song("YOU AND I", "DREAMCATCHER", 195, "Nightmare·Escape The ERA - EP")),
  different("a remix and the original, one as iTunes' trackCensoredName tells it", song("Warrior (Rockwell Remix)", "José James", 355), song("Warrior", "José James", 355, "Blackmagic")),
  different("the remix of Despacito and the original", song("Despacito (feat. Justin Bieber) [Remix]", "Luis Fonsi & Daddy Yankee", 229), song("Despacito", "Luis Fonsi & Daddy Yankee", 229)),
  different("the explicit and the clean copy, one length", rated("Starboy", "The Weeknd", 230, true), rated("Starboy", "The Weeknd", 230, false)),
  different("the clean copy and the explicit one, as two catalogues mark them", rated("Power", "Kanye West", 292, false, "My Beautiful Dark Twisted Fantasy"), rated("Power", "Kanye West", 292, true, "My Beautiful Dark Twisted Fantasy")),
  different("a single version and the album cut, 6 s apart: an edit", song("Somebody's Love (Single Version)", "Paolo Nutini", 225), song("Somebody's Love", "Paolo Nutini", 231)),
  different("a single version and the album cut, 3 s apart: weak tags need lengths agreeing closely", song("Crossing (Single Version)", "The Quiet Harbour", 200), song("Crossing", "The Quiet Harbour", 203)),
  different("a collection's version and the album cut, 3 s apart", song("Tern [The Quiet Harbour Collection]", "The Quiet Harbour", 216), song("Tern", "The Quiet Harbour", 213)),
  different("a 20-minute track and its live take", song("2112", "Rush", 1233, "2112"), song("2112 (Live)", "Rush", 1236, "Exit...Stage Left")),
  different("a 20-minute track 12 s apart: another edit", song("2112", "Rush", 1233, "2112"), song("2112", "Rush", 1245, "Chronicles")),
  different("another version named by an unknown word", song("Message In A Bottle (Colorblast Version)", "The Police", 159), song("Message In A Bottle", "The Police", 159)),
  different("a song of a covers album, by the album's artist", song("Billie Jean", "The Quiet Harbour", 294, "Pop Covers Vol. 2"), song("Billie Jean", "The Quiet Harbour", 294, "Night Songs")),
  different("a song of a tribute album", song("Beat It", "Marlow Vane", 258, "A Tribute to Michael Jackson"), song("Beat It", "Marlow Vane", 258, "Night Songs")),
  different("a live take with a remaster year", song("Iron Maiden (Live: 1998 Remaster)", "Iron Maiden", 261, "Ed Hunter"), song("Iron Maiden (1998 Remaster)", "Iron Maiden", 261, "Ed Hunter")),
  different("a cappella and the song", song("Crossing (A Cappella)", "The Quiet Harbour", 191), song("Crossing", "The Quiet Harbour", 191)),
  different("a live take of a title in Cyrillic", song("Группа крови", "Кино", 285), song("Группа крови (Live)", "Кино", 285)),
  different("one title in two scripts, by two artists", song("Остаёмся зимовать", "Кино", 230), song("Ostayomsya Zimovat", "Marlow Vane", 230)),
  different("й and и are two letters, unlike ё and е", song("Мой", "Кино", 200), song("Мои", "Кино", 200)),
  different("two parts, one numbered in Roman numerals", song("Poney Pt. I", "Vitalic", 323, "OK Cowboy"), song("Poney, Pt. 2", "Vitalic", 323, "OK Cowboy")),
  different("an instrumental written Inst. and the song", song("Tern (Inst.)", "The Quiet Harbour", 213), song("Tern", "The Quiet Harbour", 213)),
  different("an instrumental after a dash written Inst. and the song", song("Tern - Inst.", "The Quiet Harbour", 213), song("Tern", "The Quiet Harbour", 213)),
  different("an extended mix and the original mix", song("Levels (Extended Mix)", "Avicii", 338), song("Levels (Original Mix)", "Avicii", 338)),
  // A placeholder credit names nobody: two songs credited so have no artist in common.
  different("one title credited to Various Artists on two compilations", song("Silent Night", "Various Artists", 180, "Christmas Classics"), song("Silent Night", "Various Artists", 181, "Holiday Hits")),
  different("one title by an unknown artist, two archive items", song("St. Louis Blues", "Unknown Artist", 191, "78rpm Blues Sides"), song("St. Louis Blues", "Unknown Artist", 190, "Jazz Plate 1925")),
  different("an artist beside Various Artists, and another beside them", song("Main Title", "Trevor Jones & Various Artists", 120), song("Main Title", "Various Artists", 120)),
  // A title that names a track's place, not a song: each album's is its own recording, however close the lengths.
  different("two albums' intros by one artist", song("Intro", "The xx", 128, "xx"), song("Intro", "The xx", 127, "Coexist")),
  different("two albums' numbered interludes", song("Interlude (Part 2)", "Marlow Vane", 41, "Tidal Lines"), song("Interlude, Pt. 2", "Marlow Vane", 40, "Night Songs")),
  different("two albums' untitled tracks", song("Untitled", "Marlow Vane", 200, "Tidal Lines"), song("Untitled", "Marlow Vane", 201, "Night Songs")),
  different("an archive's track numbers as titles, two albums", song("Track 01", "Marlow Vane", 200, "Tidal Lines"), song("Track 01", "Marlow Vane", 201, "Night Songs")),
  different("an intro of an unknown album", song("Intro", "The xx", 128), song("Intro", "The xx", 128, "xx")),
  different("a channel's upload of another artist's song", song("Marlow Vane - Paper Lanterns", "Ines Okafor Official", 242), song("Paper Lanterns", "Marlow Vane", 242)),
];

export const MATCH_CASES: MatchCase[] = [...SAME_RECORDING, ...HARD_NEGATIVES];
