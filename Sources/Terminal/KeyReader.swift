import CNcurses
import ScreenValues

/// Reads what curses has for the keyboard, without waiting, and turns it into keys.
///
/// It reads with `wgetch`, a byte or the code of a key curses recognised at a time, and leaves
/// UTF-8 to the `KeyDecoder`: curses' `get_wch` swallowed everything after a byte that is not
/// UTF-8 (a paste's end marker and the next key with it). The loop reads through this, and so do
/// the tests that feed real curses bytes.
struct KeyReader {
    /// What one batch of input gave.
    struct Batch {
        var keys: [Key] = []
        /// Reads that gave something (a byte, a key, a resize): none means the input ran dry.
        var reads = 0
        /// Curses saw the terminal change size.
        var resized = false
    }

    private(set) var decoder = KeyDecoder()

    /// Every read curses can give until the input runs dry. Right after a paste's end, more input
    /// without a pause is the rest of the same burst (see `KeyDecoder`): `moreInputComes` is asked
    /// whether more arrives in a moment, and reading goes on while it does.
    mutating func readBatch(moreInputComes: () -> Bool) -> Batch {
        var batch = Batch()
        while true {
            let read = wgetch(proptui_stdscr())
            if read == ERR {
                if decoder.awaitsPasteTail, moreInputComes() { continue }
                break
            }
            batch.reads += 1
            if read == KEY_RESIZE {
                batch.resized = true
                continue
            }
            batch.keys += decoder.feed(read)
        }
        batch.keys += decoder.endOfBatch()
        return batch
    }
}
