// Text in and out: a truncated buffer never ends in half a surrogate pair, unpaired surrogates
// from MQL5 strings and ill-formed UTF-8 from drivers become U+FFFD, never a crash or a read
// past the input. The conversions are tested directly too (the library's core/text object is
// linked into this test), since no export lets a caller hand the library ill-formed UTF-8.
#include <algorithm>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "support.hpp"

namespace {

const char16_t kGrin[] = u"\U0001F600";  // U+1F600, the pair D83D DE00

// The thread's message, whole, in UTF-16.
std::u16string message16(int handle = 0) {
  std::u16string buf(4096, u'\0');
  const int n = mqlcl_last_error(handle, buf.data(), static_cast<int>(buf.size()));
  EXPECT_GE(n, 0);
  EXPECT_LT(n, 4096);
  buf.resize(static_cast<size_t>(std::max(0, std::min(n, 4095))));
  return buf;
}

bool is_high(char16_t u) { return u >= 0xD800 && u <= 0xDBFF; }
bool is_low(char16_t u) { return u >= 0xDC00 && u <= 0xDFFF; }

// Every surrogate in s is half of a well-formed pair.
::testing::AssertionResult well_formed(const std::u16string& s) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (is_high(s[i]) && i + 1 < s.size() && is_low(s[i + 1])) {
      ++i;
    } else if (is_high(s[i]) || is_low(s[i])) {
      return ::testing::AssertionFailure() << "unpaired surrogate " << std::hex << int(s[i]) << " at " << std::dec << i;
    }
  }
  return ::testing::AssertionSuccess();
}

// A failing mqlcl_kernel whose message quotes the kernel's name.
std::u16string failure_naming(int program, const std::u16string& name) {
  EXPECT_EQ(mqlcl_kernel(program, name.c_str()), MQLCL_ERR_ARGUMENT);
  return message16();
}

class TextOut : public ::testing::Test {
 protected:
  void SetUp() override {
    program = mqlcl_program(ctx.h, u"__kernel void k(__global float* a) { a[0] = 1.0f; }", nullptr);
    ASSERT_GT(program, 0) << t::message();
  }
  t::Ctx ctx;
  int program = 0;
};

}  // namespace

// A message holding non-BMP characters, read back through every buffer size: the return is
// always the full length, the text is the message's prefix, cut before a pair, never inside.
TEST_F(TextOut, TruncationNeverSplitsASurrogatePair) {
  const std::u16string name = u"x" + std::u16string(kGrin) + kGrin + u"y" + kGrin;
  const std::u16string full = failure_naming(program, name);
  ASSERT_NE(full.find(name), std::u16string::npos) << t::to_utf8(full);
  ASSERT_TRUE(well_formed(full));
  const int len = static_cast<int>(full.size());
  const char16_t kUntouched = 0xAAAA;
  int cuts_before_pair = 0;
  for (int cap = 1; cap <= len + 1; ++cap) {
    std::vector<char16_t> buf(static_cast<size_t>(cap) + 4, kUntouched);
    ASSERT_EQ(mqlcl_last_error(0, buf.data(), cap), len) << "cap " << cap;
    // cap - 1 units, one fewer where the last would be the first half of a pair.
    const bool splits = cap - 1 < len && cap >= 2 && is_high(full[static_cast<size_t>(cap - 2)]);
    const size_t n = static_cast<size_t>(cap - 1 - (splits ? 1 : 0));
    cuts_before_pair += splits;
    EXPECT_EQ(std::u16string(buf.data(), n), full.substr(0, n)) << "cap " << cap;
    EXPECT_EQ(buf[n], 0) << "cap " << cap;
    EXPECT_TRUE(well_formed(std::u16string(buf.data(), n))) << "cap " << cap;
    for (size_t i = static_cast<size_t>(cap); i < buf.size(); ++i)
      EXPECT_EQ(buf[i], kUntouched) << "cap " << cap << ": unit " << i << " is beyond the buffer";
  }
  EXPECT_EQ(cuts_before_pair, std::count_if(full.begin(), full.end(), is_high));  // one cap per pair
  // The handle's copy of the message, cut right after the first pair's high half.
  const size_t at = full.find(kGrin);
  std::vector<char16_t> buf(at + 2, kUntouched);
  ASSERT_EQ(mqlcl_last_error(program, buf.data(), static_cast<int>(at) + 2), len);
  EXPECT_EQ(std::u16string(buf.data()), full.substr(0, at));
}

// MQL5 strings may hold any 16-bit units: lone surrogates in a name become U+FFFD.
TEST_F(TextOut, UnpairedSurrogatesInInputBecomeReplacementCharacters) {
  const struct {
    std::u16string in, out;
  } cases[] = {
      {u"a\xD800" u"b", u"a\xFFFD" u"b"},    // high without low
      {u"a\xDC00" u"b", u"a\xFFFD" u"b"},    // low without high
      {u"a\xDC00\xD800", u"a\xFFFD\xFFFD"},  // reversed pair
      {u"z\xDBFF", u"z\xFFFD"},              // high just before the terminating 0
      {u"\xD83D\xD83D\xDE00", u"\xFFFD\U0001F600"},
  };
  for (const auto& c : cases) {
    const std::u16string full = failure_naming(program, c.in);
    EXPECT_NE(full.find(c.out), std::u16string::npos) << t::to_utf8(full);
    EXPECT_TRUE(well_formed(full)) << t::to_utf8(full);
  }
}

TEST(TextConversion, Utf16RoundTripsWellFormedText) {
  const std::u16string s = u"MQL5 \u00e9\u65e5\u672c \U0001F600\U0010FFFF end";
  EXPECT_EQ(mqlcl::utf8_to_utf16(mqlcl::utf16_to_utf8(s.c_str())), s);
  EXPECT_EQ(mqlcl::utf16_to_utf8(u"\U0001F600"), "\xF0\x9F\x98\x80");
}

// Driver build logs may hold any bytes. Each ill-formed sequence gives U+FFFD, one per maximal
// subpart (Unicode's recommended practice; Python's b"...".decode("utf-8", "replace") gives the
// same for every case here), never a surrogate of its own and never a unit read past the end
// (the cut sequences sit at the end of the string: ASan and the exact result catch a read
// beyond it).
TEST(TextConversion, IllFormedUtf8BecomesReplacementCharacters) {
  const std::u16string R = u"\xFFFD";
  const struct {
    const char* what;
    std::string in;
    std::u16string out;
  } cases[] = {
      {"stray continuation", "a\x80" "b", u"a" + R + u"b"},
      {"lead without continuation", "a\xC3" "b", u"a" + R + u"b"},
      {"2-byte sequence cut by the end", "a\xC3", u"a" + R},
      {"3-byte sequence cut by the end", "a\xE6\x97", u"a" + R},
      {"4-byte sequence cut by the end", "a\xF0\x9F\x98", u"a" + R},
      {"3-byte sequence cut by ASCII", "\xE2\x82x", R + u"x"},
      {"overlong '/'", "\xC0\xAF", R + R},
      {"overlong 3-byte", "\xE0\x80\xAF", R + R + R},
      {"encoded high surrogate", "\xED\xA0\x80", R + R + R},
      {"encoded low surrogate", "\xED\xBF\xBF", R + R + R},
      {"past U+10FFFF", "\xF4\x90\x80\x80", R + R + R + R},
      {"F8 lead", "\xF8\x88\x80\x80\x80", R + R + R + R + R},
      {"FF", "\xFF", R},
      {"valid 4-byte", "\xF0\x9F\x98\x80", u"\U0001F600"},
      {"valid U+10FFFF", "\xF4\x8F\xBF\xBF", u"\U0010FFFF"},
      {"valid 3-byte", "\xE6\x97\xA5", u"\u65e5"},
  };
  for (const auto& c : cases) {
    const std::u16string got = mqlcl::utf8_to_utf16(c.in);
    EXPECT_EQ(got, c.out) << c.what;
    EXPECT_TRUE(well_formed(got)) << c.what;
  }
}

// copy_out of ill-formed UTF-8 ending in a 4-byte character, at every cap.
TEST(TextConversion, CopyOutOfIllFormedUtf8) {
  const std::string in = std::string("\xED\xA0\x80") + "x\xF0\x9F\x98\x80";
  const std::u16string full = mqlcl::utf8_to_utf16(in);  // R R R x D83D DE00
  ASSERT_EQ(full.size(), 6u);
  for (int cap = 1; cap <= 7; ++cap) {
    std::vector<char16_t> buf(static_cast<size_t>(cap), 0xAAAA);
    EXPECT_EQ(mqlcl::copy_out(in, buf.data(), cap), 6);
    const std::u16string got(buf.data());
    EXPECT_EQ(got, full.substr(0, cap == 6 ? 4 : static_cast<size_t>(cap - 1))) << "cap " << cap;
  }
}

TEST(Text, Utf16RoundTrips) {
  char16_t name[256];
  const int n = mqlcl_device_text(t::device(), MQLCL_TEXT_NAME, name, 256);
  ASSERT_GT(n, 0);
  EXPECT_EQ(name[n], 0);
  // A non-ASCII kernel name comes back intact inside the error message.
  t::Ctx ctx;
  const int p = mqlcl_program(ctx.h, u"__kernel void k(__global float* x) { x[0] = 1.0f; } // é ü ж 中", u"");
  ASSERT_GT(p, 0) << t::message(ctx.h);
  EXPECT_EQ(mqlcl_kernel(p, u"ядро_中"), MQLCL_ERR_ARGUMENT);
  EXPECT_NE(t::message().find("\"ядро_中\""), std::string::npos) << t::message();
  char16_t msg[512];
  const int len = mqlcl_last_error(0, msg, 512);
  ASSERT_GT(len, 0);
  const std::u16string m(msg, static_cast<size_t>(len));
  EXPECT_NE(m.find(u"ядро_中"), std::u16string::npos);
}
