// Result-code texts (mqlcl_errstr): every code's name and meaning, truncation, unknown codes.
#include <string>

#include "support.hpp"

namespace {

TEST(Errstr, EveryCodeHasItsNameAndMeaning) {
  const int codes[] = {MQLCL_OK, MQLCL_ERR_ARGUMENT, MQLCL_ERR_HANDLE, MQLCL_ERR_RANGE, MQLCL_ERR_STAGE, MQLCL_ERR_SHAPE,
                       MQLCL_ERR_LOCAL_SIZE, MQLCL_ERR_BUILD, MQLCL_ERR_OPENCL, MQLCL_ERR_NO_OPENCL, MQLCL_ERR_DEVICE,
                       MQLCL_ERR_NO_DATA, MQLCL_ERR_MEMORY, MQLCL_ERR_UNSUPPORTED, MQLCL_ERR_INTERNAL};
  const char* names[] = {"MQLCL_OK:", "MQLCL_ERR_ARGUMENT:", "MQLCL_ERR_HANDLE:", "MQLCL_ERR_RANGE:", "MQLCL_ERR_STAGE:",
                         "MQLCL_ERR_SHAPE:", "MQLCL_ERR_LOCAL_SIZE:", "MQLCL_ERR_BUILD:", "MQLCL_ERR_OPENCL:",
                         "MQLCL_ERR_NO_OPENCL:", "MQLCL_ERR_DEVICE:", "MQLCL_ERR_NO_DATA:", "MQLCL_ERR_MEMORY:",
                         "MQLCL_ERR_UNSUPPORTED:", "MQLCL_ERR_INTERNAL:"};
  for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); ++i) {
    std::u16string buf(256, u'\0');
    const int n = mqlcl_errstr(codes[i], buf.data(), 256);
    ASSERT_GT(n, static_cast<int>(std::string(names[i]).size()) + 5) << codes[i];
    buf.resize(static_cast<size_t>(n));
    EXPECT_EQ(t::to_utf8(buf).rfind(names[i], 0), 0u) << t::to_utf8(buf);
  }
  char16_t small[4] = {u'x', u'x', u'x', u'x'};
  EXPECT_GT(mqlcl_errstr(MQLCL_ERR_SHAPE, small, 4), 4);  // the full length: truncated
  EXPECT_EQ(small[3], u'\0');
  EXPECT_EQ(mqlcl_errstr(-50, small, 4), MQLCL_ERR_ARGUMENT);
  EXPECT_EQ(mqlcl_errstr(1, small, 4), MQLCL_ERR_ARGUMENT);
}

}  // namespace
