// The unsaved-changes question (app/gui/model/pending_action.h): New, Open and Quit run at once on
// a saved scene and wait for the answer otherwise; the answer decides what runs. The owner's part
// is modelled by Run, which records what it was asked to do. No window.
#include "app/gui/model/pending_action.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace hitlab {
namespace HITLAB_UNITY_ID {

/// What the owner ran, as "new", "open PATH", "quit".
struct Owner {
    std::vector<std::string> ran;
    void Run(const PendingRequest& r)
    {
        switch (r.action) {
        case PendingAction::None:
            break;
        case PendingAction::NewScene:
            ran.push_back("new");
            break;
        case PendingAction::OpenFile:
            ran.push_back("open " + r.path);
            break;
        case PendingAction::Quit:
            ran.push_back("quit");
            break;
        case PendingAction::ShowCaptureLine:
            ran.push_back("capture line");
            break;
        }
    }
};

TEST(UnsavedQuestion, ACaptureLineOverUnsavedChangesWaitsForTheAnswer)
{
    // choosing a row of the Capture panel replaces the scene: an unsaved one is asked about first
    UnsavedQuestion q;
    Owner owner;
    owner.Run(q.Ask({PendingAction::ShowCaptureLine, {}}, true));
    EXPECT_TRUE(owner.ran.empty());
    EXPECT_TRUE(q.TakeOpen());
    owner.Run(q.Answer(UnsavedAnswer::Cancel));
    EXPECT_TRUE(owner.ran.empty()); // the scene stays
    owner.Run(q.Ask({PendingAction::ShowCaptureLine, {}}, true));
    owner.Run(q.Answer(UnsavedAnswer::Discard));
    EXPECT_EQ(owner.ran, std::vector<std::string>{"capture line"});
    owner.Run(q.Ask({PendingAction::ShowCaptureLine, {}}, false)); // a saved scene: at once
    EXPECT_EQ(owner.ran.size(), 2u);
}

TEST(UnsavedQuestion, NewOnASavedSceneRunsAtOnceWithoutAsking)
{
    UnsavedQuestion q;
    Owner owner;
    owner.Run(q.Ask({PendingAction::NewScene, {}}, false));
    EXPECT_EQ(owner.ran, std::vector<std::string>{"new"});
    EXPECT_FALSE(q.TakeOpen());
    EXPECT_EQ(q.Held().action, PendingAction::None);
}

TEST(UnsavedQuestion, NewWithUnsavedChangesAsksThenDiscardRunsIt)
{
    UnsavedQuestion q;
    Owner owner;
    owner.Run(q.Ask({PendingAction::NewScene, {}}, true));
    EXPECT_TRUE(owner.ran.empty());
    EXPECT_TRUE(q.TakeOpen());
    EXPECT_FALSE(q.TakeOpen()); // the popup opens once
    EXPECT_EQ(q.Held().action, PendingAction::NewScene);
    owner.Run(q.Answer(UnsavedAnswer::Discard));
    EXPECT_EQ(owner.ran, std::vector<std::string>{"new"});
    EXPECT_EQ(q.Held().action, PendingAction::None);
}

TEST(UnsavedQuestion, CancelDropsTheRequest)
{
    UnsavedQuestion q;
    Owner owner;
    owner.Run(q.Ask({PendingAction::Quit, {}}, true));
    owner.Run(q.Answer(UnsavedAnswer::Cancel));
    EXPECT_TRUE(owner.ran.empty());
    EXPECT_EQ(q.Held().action, PendingAction::None);
    owner.Run(q.Saved(true)); // a later save runs nothing
    EXPECT_TRUE(owner.ran.empty());
}

TEST(UnsavedQuestion, SaveRunsTheRequestOnceSaved)
{
    UnsavedQuestion q;
    Owner owner;
    owner.Run(q.Ask({PendingAction::OpenFile, "lessons/slab-miss.json"}, true));
    owner.Run(q.Answer(UnsavedAnswer::Save));
    EXPECT_TRUE(owner.ran.empty()); // not before the save
    EXPECT_EQ(q.Held().path, "lessons/slab-miss.json");
    owner.Run(q.Saved(true));
    EXPECT_EQ(owner.ran, std::vector<std::string>{"open lessons/slab-miss.json"});
}

TEST(UnsavedQuestion, AFailedSaveDropsTheRequestAndTheSceneStays)
{
    UnsavedQuestion q;
    Owner owner;
    owner.Run(q.Ask({PendingAction::Quit, {}}, true));
    owner.Run(q.Answer(UnsavedAnswer::Save));
    owner.Run(q.Saved(false));
    EXPECT_TRUE(owner.ran.empty());
    EXPECT_EQ(q.Held().action, PendingAction::None);
}

TEST(UnsavedQuestion, CancelledSaveAsDropsTheRequest)
{
    UnsavedQuestion q;
    Owner owner;
    owner.Run(q.Ask({PendingAction::NewScene, {}}, true));
    owner.Run(q.Answer(UnsavedAnswer::Save)); // no file yet: Save As opens
    q.Drop();                                 // ...and is cancelled
    owner.Run(q.Saved(true));                 // a later, unrelated save
    EXPECT_TRUE(owner.ran.empty());
}

TEST(UnsavedQuestion, ANewRequestReplacesTheHeldOne)
{
    UnsavedQuestion q;
    Owner owner;
    owner.Run(q.Ask({PendingAction::NewScene, {}}, true));
    owner.Run(q.Ask({PendingAction::OpenFile, "b.json"}, true));
    owner.Run(q.Answer(UnsavedAnswer::Discard));
    EXPECT_EQ(owner.ran, std::vector<std::string>{"open b.json"});
}

/// A folder with a file "old.json" and a folder "sub", removed at the end.
struct SaveAsFolder {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("hitlab_save_as_" + std::to_string(::getpid()));
    SaveAsFolder()
    {
        std::filesystem::create_directories(dir / "sub");
        std::ofstream((dir / "old.json").string()) << "{}";
    }
    ~SaveAsFolder() { std::filesystem::remove_all(dir); }
    std::string operator/(const std::string& name) const { return (dir / name).string(); }
};

TEST(SaveAs, ANewFileIsSavedAtOnce)
{
    SaveAsFolder f;
    const SaveAsVerdict v = CheckSaveAs(f / "new.json", "");
    EXPECT_EQ(v.check, SaveAsCheck::Save);
    EXPECT_EQ(v.message, "");
}

TEST(SaveAs, AnotherExistingFileIsAskedAbout)
{
    SaveAsFolder f;
    const SaveAsVerdict v = CheckSaveAs(f / "old.json", f / "mine.json");
    EXPECT_EQ(v.check, SaveAsCheck::AskOverwrite);
    EXPECT_EQ(v.message, f / "old.json" + " already exists. Replace it?");
    EXPECT_EQ(CheckSaveAs(f / "old.json", "").check, SaveAsCheck::AskOverwrite) << "a scene without a file";
}

TEST(SaveAs, TheScenesOwnFileHoweverNamedIsNotAskedAbout)
{
    SaveAsFolder f;
    EXPECT_EQ(CheckSaveAs(f / "sub/../old.json", f / "old.json").check, SaveAsCheck::Save);
    std::filesystem::create_symlink(f / "old.json", f / "link.json");
    EXPECT_EQ(CheckSaveAs(f / "link.json", f / "old.json").check, SaveAsCheck::Save);
}

TEST(SaveAs, AFolderOrNoNameIsRefusedWithTheReason)
{
    SaveAsFolder f;
    const SaveAsVerdict folder = CheckSaveAs(f / "sub", "");
    EXPECT_EQ(folder.check, SaveAsCheck::Refuse);
    EXPECT_EQ(folder.message, f / "sub" + " is a folder: type a file name in it.");
    const SaveAsVerdict empty = CheckSaveAs("", "");
    EXPECT_EQ(empty.check, SaveAsCheck::Refuse);
    EXPECT_EQ(empty.message, "Type a file name to save the scene as.");
}

} // namespace HITLAB_UNITY_ID
} // namespace hitlab
