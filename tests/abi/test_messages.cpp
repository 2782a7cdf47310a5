// The format of the stored messages, tested on the library's own message code (its object
// linked in here: no device can make mqlcl_stage_available give a reason on every test machine).
#include <gtest/gtest.h>

#include <string>

#include "core/messages.hpp"
#include "mqlcl.h"

// A failure's message carries its code; a reason that is no failure (mqlcl_stage_available's)
// used to go through the same path with code 0 and read "[0] stage ...".
TEST(Messages, FailuresCarryTheirCodeReasonsDoNot) {
  mqlcl::record_error(0, MQLCL_ERR_STAGE, "stage 99 does not exist");
  EXPECT_EQ(mqlcl::thread_error(), "[" + std::to_string(MQLCL_ERR_STAGE) + "] stage 99 does not exist");
  mqlcl::record_message(0, "stage 30 (tensor) cannot run on cpu: no tensor cores");
  EXPECT_EQ(mqlcl::thread_error(), "stage 30 (tensor) cannot run on cpu: no tensor cores");
}
