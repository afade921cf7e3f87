import Foundation
import OffstageCore
import OffstageUI
import Testing

/// A full disk is reported with what was kept and what to type.
@Suite struct DiskFullTextTests {
    @Test func runSaysWhatWasKept() {
        #expect(
            DiskFullText.runStopped(started: true, partFiles: 3, partBytes: 8_400_000, partsDirectory: "/h/parts")
                == "the disk is full: offstage run stopped before it could store its last change; everything stored "
                + "before it is kept, and 3 partial files (8.4 MB) in /h/parts hold the downloads so far; free space, "
                + "then run offstage run again to carry on")
        #expect(
            DiskFullText.runStopped(started: false, partFiles: 1, partBytes: 4096, partsDirectory: "/h/parts")
                == "the disk is full: offstage run cannot start (its store cannot be written); everything stored is "
                + "kept, and 1 partial file (4.1 KB) in /h/parts holds the download so far; free space, then run "
                + "offstage run again to carry on")
        #expect(
            !DiskFullText.runStopped(started: true, partFiles: 0, partBytes: 0, partsDirectory: "/h/parts").contains(
                "partial"))
    }

    @Test func tasksWaitingForRoomAreListed() {
        var task = TransferTask(
            id: 3, session: "s", taskIdentifier: 3, kind: .download, url: "http://o/x", destinationDirectory: "/d",
            createdAt: Date(timeIntervalSince1970: 0))
        task.bytesWritten = 4_200_000
        #expect(
            DiskFullText.tasksWaitingForRoom([task])
                == "the disk is full: 1 download paused waiting for room (task 3 with 4.2 MB kept); free space, then "
                + "run offstage run again to resume it")
    }

    @Test func getSaysWhatItsPartialFileKeeps() {
        #expect(
            DiskFullText.getStopped(name: "big\u{1B}.bin", kept: 5_000_000)
                == "the disk is full: 5.0 MB of big\\x1B.bin kept in its partial file; free space, then run the same "
                + "command again to resume")
        #expect(DiskFullText.getStopped(name: "x", kept: nil).contains("nothing of x was downloaded yet"))
    }
}
