// Autosave and recovery (app/gui/model/autosave.h): the folder, the record's round trip and its
// errors, when the clock writes and removes, and which files the store offers to recover. No window.
#include "app/gui/model/autosave.h"
#include "support/temp_dir.h"

#include "core/io/scene_file.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/file.h>
#include <unistd.h>

namespace hitlab {
namespace HITLAB_UNITY_ID {

namespace fs = std::filesystem;

/// A fresh folder for one test, removed at its end.
struct TempDir : test::TempDir {
    TempDir() : test::TempDir("hitlab_autosave_") {}
};

AutosaveRecord OneBoxRecord()
{
    AutosaveRecord record;
    record.source = "/home/me/scenes/boxes.json";
    record.changes = 3;
    record.lastEdit = "Duplicate box";
    record.savedAt = 1790000000;
    record.scene.title = "boxes";
    SceneShape box;
    box.name = "box";
    box.shape = Aabb<double>{{-1, -1, -1}, {1, 2, 3}};
    record.scene.Add(box);
    return record;
}

TEST(AutosaveDirectory, XdgStateHomeFirstThenHomesLocalState)
{
    EXPECT_EQ(AutosaveDirectory("/state", "/home/me"), "/state/hitlab/autosave");
    EXPECT_EQ(AutosaveDirectory(nullptr, "/home/me"), "/home/me/.local/state/hitlab/autosave");
    EXPECT_EQ(AutosaveDirectory("", "/home/me"), "/home/me/.local/state/hitlab/autosave");
    EXPECT_EQ(AutosaveDirectory("relative/state", "/home/me"), "/home/me/.local/state/hitlab/autosave");
    EXPECT_EQ(AutosaveDirectory(nullptr, nullptr), "");
}

TEST(AutosaveRecord, RoundTripKeepsTheSceneAndWhereItStands)
{
    const AutosaveRecord record = OneBoxRecord();
    IoError error;
    const std::optional<AutosaveRecord> back = ParseAutosave(AutosaveToText(record), "a.json", error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->source, "/home/me/scenes/boxes.json");
    EXPECT_EQ(back->changes, 3u);
    EXPECT_EQ(back->lastEdit, "Duplicate box");
    EXPECT_EQ(back->savedAt, 1790000000);
    EXPECT_TRUE(SameScene(back->scene, record.scene));
    ASSERT_EQ(back->scene.Shapes().size(), 1u);
    EXPECT_EQ(back->scene.Shapes()[0].name, "box");
}

TEST(AutosaveRecord, ErrorsSayWhatAndWhere)
{
    IoError error;
    EXPECT_FALSE(ParseAutosave("{", "a.json", error));
    EXPECT_EQ(ErrorText(error), "a.json: not an autosave (broken JSON)");
    EXPECT_FALSE(ParseAutosave(R"({"format": "hitlab-scene", "version": 1})", "a.json", error));
    EXPECT_EQ(ErrorText(error), "a.json: not an autosave (format must be \"hitlab-autosave\", version 1)");
    EXPECT_FALSE(ParseAutosave(R"({"format": "hitlab-autosave", "version": 1, "source": 7, "changes": 1,
        "last_edit": "", "saved_at": 0, "scene": {}})",
                               "a.json", error));
    EXPECT_EQ(ErrorText(error), "a.json: source: missing or of the wrong type");
    EXPECT_FALSE(ParseAutosave(R"({"format": "hitlab-autosave", "version": 1, "source": "", "changes": 1,
        "last_edit": "", "saved_at": 0, "scene": {"format": "hitlab-scene", "version": 1,
        "shapes": [{"type": "sphere", "center": [0, 0, 0], "radius": -1}]}})",
                               "a.json", error));
    EXPECT_EQ(ErrorText(error), "a.json: scene: shapes[0].radius: must be >= 0, got -1");
}

TEST(AutosaveClock, TheFirstChangeIsWrittenAtOnceThenAtMostEveryInterval)
{
    AutosaveClock clock(3.0);
    EXPECT_EQ(clock.Next(0.0, 0, false), AutosaveStep::None); // clean: nothing to keep
    EXPECT_EQ(clock.Next(1.0, 1, true), AutosaveStep::Write); // the first change, at once
    EXPECT_EQ(clock.Next(1.5, 1, true), AutosaveStep::None);  // nothing new
    EXPECT_EQ(clock.Next(2.0, 2, true), AutosaveStep::None);  // new, but 1 s after the last write
    EXPECT_EQ(clock.Next(3.9, 3, true), AutosaveStep::None);
    EXPECT_EQ(clock.Next(4.0, 3, true), AutosaveStep::Write); // 3 s after
    EXPECT_EQ(clock.Next(60.0, 3, true), AutosaveStep::None); // unchanged: not rewritten
    EXPECT_TRUE(clock.HasFile());
}

TEST(AutosaveClock, ACleanSceneRemovesTheAutosaveOnce)
{
    AutosaveClock clock(3.0);
    EXPECT_EQ(clock.Next(0.0, 1, true), AutosaveStep::Write);
    EXPECT_EQ(clock.Next(1.0, 2, false), AutosaveStep::Remove); // saved (or undone to the file)
    EXPECT_EQ(clock.Next(2.0, 2, false), AutosaveStep::None);
    EXPECT_FALSE(clock.HasFile());
    EXPECT_EQ(clock.Next(2.5, 3, true), AutosaveStep::None); // changed again, 2.5 s after the write
    EXPECT_EQ(clock.Next(3.0, 3, true), AutosaveStep::Write);
}

TEST(AutosaveClock, AWriteOnASignalCountsAsTheLastWrite)
{
    AutosaveClock clock(3.0);
    clock.Written(10.0, 5);
    EXPECT_TRUE(clock.HasFile());
    EXPECT_EQ(clock.Next(20.0, 5, true), AutosaveStep::None);
    EXPECT_EQ(clock.Next(20.0, 6, true), AutosaveStep::Write);
}

TEST(AutosaveClock, ASlowWriteStretchesTheInterval)
{
    AutosaveClock clock(3.0);
    EXPECT_EQ(clock.Next(0.0, 1, true), AutosaveStep::Write);
    clock.Took(0.5); // a large scene: 0.5 s a write, so 10 s between writes
    EXPECT_EQ(clock.Interval(), 10.0);
    EXPECT_EQ(clock.Next(9.9, 2, true), AutosaveStep::None);
    EXPECT_EQ(clock.Next(10.0, 2, true), AutosaveStep::Write);
    clock.Took(0.01); // small again: back to the base interval
    EXPECT_EQ(clock.Interval(), 3.0);
    EXPECT_EQ(clock.Next(13.0, 3, true), AutosaveStep::Write);
}

TEST(AutosaveStore, WritesRemovesAndLoadsItsOwnFile)
{
    TempDir dir;
    AutosaveStore store;
    std::string error;
    ASSERT_TRUE(store.Open(dir / "autosave", "100-1", error)) << error;
    EXPECT_EQ(store.Path(), dir / "autosave/100-1.json");
    ASSERT_EQ(ErrorText(store.Write(OneBoxRecord())), "");
    IoError loadError;
    const std::optional<AutosaveRecord> back = LoadAutosave(store.Path(), loadError);
    ASSERT_TRUE(back) << loadError;
    EXPECT_EQ(back->lastEdit, "Duplicate box");
    EXPECT_TRUE(store.Orphans().empty()) << "its own autosave is never offered";
    store.Remove();
    EXPECT_FALSE(fs::exists(store.Path()));
}

TEST(AutosaveStore, OffersTheFilesOfWindowsThatAreGoneButNotOfRunningOnes)
{
    TempDir dir;
    const std::string folder = dir / "autosave";
    {
        AutosaveStore ended; // a window that was ended by a signal: its file stays, its lock goes
        std::string error;
        ASSERT_TRUE(ended.Open(folder, "1-1", error)) << error;
        ASSERT_EQ(ErrorText(ended.Write(OneBoxRecord())), "");
    }
    AutosaveStore running; // another window, still open
    std::string error;
    ASSERT_TRUE(running.Open(folder, "2-2", error)) << error;
    ASSERT_EQ(ErrorText(running.Write(OneBoxRecord())), "");
    // a crashed window: its lock file stays, but no one holds it
    std::ofstream(folder + "/3-3.json") << AutosaveToText(OneBoxRecord());
    std::ofstream(folder + "/3-3.lock");
    fs::last_write_time(folder + "/3-3.json", fs::last_write_time(folder + "/1-1.json") + std::chrono::seconds(5));

    AutosaveStore me;
    ASSERT_TRUE(me.Open(folder, "4-4", error)) << error;
    const std::vector<std::string> orphans = me.Orphans();
    ASSERT_EQ(orphans.size(), 2u);
    EXPECT_EQ(orphans[0], folder + "/3-3.json"); // newest first
    EXPECT_EQ(orphans[1], folder + "/1-1.json");

    AutosaveStore::RemoveOrphan(orphans[0]);
    EXPECT_FALSE(fs::exists(folder + "/3-3.json"));
    EXPECT_FALSE(fs::exists(folder + "/3-3.lock"));
    EXPECT_EQ(me.Orphans().size(), 1u);
}

TEST(AutosaveStore, AnUnwritableFolderSaysWhy)
{
    TempDir dir;
    std::ofstream(dir / "file") << "x";
    AutosaveStore store;
    std::string error;
    EXPECT_FALSE(store.Open(dir / "file/autosave", "1-1", error));
    EXPECT_EQ(error.rfind(dir / "file/autosave: cannot create the autosave folder: ", 0), 0u) << error;
    EXPECT_FALSE(store.IsOpen());
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
