"""Statement patterns for the rule extractor, English and Chinese, as plain data.

Each :class:`StatementPattern` is a regular expression over one sentence with a named group
``obj`` (the object phrase) and optionally ``neg`` (a negation cue before the verb) and
``subj``/``rel`` (who is speaking about whom: "I" → the user; "my mom" → the person 妈妈/mom).
English patterns run on a normalised sentence (lower case, contractions expanded), Chinese
patterns on the sentence as written.

Why these shapes: the design's Phase 1 asks for common first-person statements (bought, live
in, like, moved to, use, my new X …); anything subtler is the LLM tier's job. Patterns are
ordered: a more specific pattern ("no longer like") claims its verb span before a general one
("like") can.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..lexicon.names import (JOB_ROLES_ZH, CONDITION_SUFFIXES_ZH, CONDITIONS, DIETS_EN, EN_PET_BREEDS, SCHOOLS, VEHICLE_BRANDS,
                             VEHICLE_MODELS, VENUE_BRANDS_ZH, new_old_name_rest)
from .lazy_regex import LazyPattern
from .names import EN_BODY_CONDITION

# -- shared pieces ------------------------------------------------------------------------------


def _longest_first(word: str) -> tuple[int, str]:
    """Sort key of an alternation's words: longer first (a word never loses to its own prefix),
    then by the text, so the pattern's source is the same in every process (the words come from
    sets, whose order changes with the hash seed; the source keys the prefilter's literal file)."""
    return -len(word), word


EN_REL = (r"(?:brother|sister|mother|father|son|daughter)-in-law|in-laws|stepmom|stepdad|stepson|stepdaughter|"
          r"grandmother|grandfather|grandson|granddaughter|niece|nephew|"
          r"mom|mother|mum|dad|father|wife|husband|partner|girlfriend|boyfriend|sister|brother|"
          r"son|daughter|friend|boss|colleague|coworker|roommate|grandma|grandpa|aunt|uncle|cousin|"
          r"parents|fianc[eé]e?|neighbor|neighbour|ex-wife|ex-husband|ex-boyfriend|ex-girlfriend|ex")
#: English clause start + subject ("i", "we", "my mom") + optional adverbs
#: "and" stands for the sentence's own subject in a second verb phrase ("I quit X and joined Y");
#: the extractor resolves it from the start of the sentence (rule_engine._subject)
_EN_SUBJ = (r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we|and|but|then|and then|my (?:(?:little|big|older|younger|baby|twin|kid) )?(?P<rel>" + EN_REL + r")(?: (?P<pname>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+))?|"
            r"(?P<name>[a-z][a-z'\-]+)(?: from (?:my|our|the) [a-z]+| from work)?)\s+"
            r"(?:(?:just|recently|finally|really|also|still|now|actually|already|totally|"
            r"absolutely|usually|often|always|sometimes|truly|honestly|definitely|especially|fully|completely|"
            r"basically|pretty much|literally|seriously|genuinely|lowkey|legit|"
            r"mostly|even|so|kind of|sort of|officially|originally|currently|both|have been|has been|"
            r"had been|have|has|had|am|is|was|were|are)\s+)*?")
_EN_NEG = r"(?P<neg>(?:do|does|did) not\s+|never\s+|no longer\s+|not\s+|cannot\s+)?"
#: an object phrase runs to the clause's punctuation, but the period of an abbreviated title
#: inside a name is no end ("at St. Luke's Hospital" was cut to "St")
_EN_OBJ_CHARS = r"(?:(?<![\w])(?i:st|mt|ft|dr|mr|mrs|ms)\.(?= \w)|[^.,;:!?\"()])+"  # text may be lowered
_EN_OBJ = r"\s+(?P<obj>" + _EN_OBJ_CHARS + ")"

#: the user's relatives and circle by their tie word; in-laws and aunts/uncles before the bare
#: 姐/妹/弟 (我姐夫 is no 姐姐)
_ZH_REL = (r"爸妈|妈妈|妈|爸爸|爸|姐夫|妹夫|嫂子|弟媳|姑姑|姑父|舅舅|舅妈|姨妈|姨父|小姨|叔叔|婶婶|伯伯|大伯|"
           r"岳父|岳母|公公|婆婆|堂哥|堂姐|堂弟|堂妹|侄子|侄女|外甥|孙子|孙女|"
           r"姐(?![夫妹])|哥(?!们)|老婆|老公|妻子|丈夫|女朋友|男朋友|朋友|同事|姐姐|妹妹|哥哥|弟弟|儿子|"
           r"女儿|奶奶|爷爷|外婆|外公|室友|舍友|老板|领导|同学|邻居|闺蜜|发小|老乡|哥们儿?|兄弟|前同事|表妹|表哥|表姐|表弟|弟(?![媳])|妹(?![夫])")
#: kin words that name the teller's own relative with no 我 before them at a clause start (老公在华为上班,
#: 儿子在复旦读大二, 婆婆上周搬来了): two characters at least, and not before 的 (老公的车 is the car)
_ZH_BARE_KIN = (r"(?:老公|老婆|丈夫|妻子|儿子|女儿|婆婆|公公|岳父|岳母|爸妈|爸爸|妈妈|姐姐|妹妹|哥哥|弟弟|奶奶|爷爷|"
                r"外婆|外公)(?!的|们)")
_ZH_TIME = (r"(?:今年|去年|前年|明年)?(?:春天|夏天|秋天|冬天|年初|年底|年中)|前段时间|前阵子|前些天|前几天|前[两三]天|这段时间|那段时间|"
            r"小时候|婚后|(?:大学|高中|初中|小学|读书|上学|读研|念书|留学)(?:的)?(?:时候|时|那会儿?|期间|那几年)|(?:高中|大学|本科|研究生|硕士|博士|大专|初中|中专)?毕业(?:后|以后|之后|那年)|上半年|下半年|这两年|这几年|这几天|这两天|这一阵子?|这些日子|这个星期|这礼拜|这一周|这阵子|那阵子|这些天|那年|当年|后来|那会儿?|那时候?|(?:上个?|这个?)?月(?:底|初)|"
            r"长这么大|活这么大|活了(?:快|都)?(?:[一二三四五六七八九十两几\d]+|这么多)年|这辈子|这么多年|到现在|至今|到目前为止|双十一|双11|双十二|双12|黑五|年货节|"
            r"昨晚|前晚|昨天|今天|前天|上周末|上周|上星期|上个星期|上礼拜|上个礼拜|这礼拜|上个月|去年|前年|今年|最近|刚刚|刚才|今早|今晚|"
            r"早上|晚上|下午|白天|中午|夜里|周末|这周|本周|这个月|现在|平时|之前|以前|曾经|原来|当初|早年|从小|目前|正在|天天|每天|"
            r"[一二三四五六七八九十两\d]{1,3}月(?:份)?(?:[一二三四五六七八九十\d]{1,3}[日号])?|"
            r"周[一二三四五六日天]|星期[一二三四五六日天]|"
            # a time counted back (两年前, 三个月前, 半年前)
            r"(?:[一二三四五六七八九十两几\d]{1,3}|半)(?:年|个多月|个月|周|个星期|天)(?:前|以前|之前)|"
            # holidays as times (国庆去了青岛, 春节回了老家), this year's or last
            r"(?:今年|去年|前年)?(?:国庆节?|春节|过年|元旦|五一|十一|中秋节?|端午节?|清明节?|寒假|暑假|年假)(?:期间|的时候|那会儿)?|"
            r"从(?:去年|前年|今年|上个月|上周|上星期|这个月|这周|这星期|本月|今天|昨天|小时候|[一二三四五六七八九十两\d]{1,4}(?:年|月份?))(?:开始|起)|"
            # 自从去年十月(起)就一直住在…: "since" before the time words, "since then" after them
            r"自从|自打|(?<=月|年|天|周)(?:起|以来)|"
            # a year told in digits (2010年从复旦毕业的, 2019年搬到了深圳)
            r"(?:19|20)\d\d年(?:[一二三四五六七八九十\d]{1,3}月份?)?(?:的时候)?")
_ZH_ADV = (r"也|还是|还|都|一直|很|非常|特别|超级|超|真的|已经|终于|刚|经常|总是|其实|本来|又|就|才|挺|比较|更|正式|只|最|直接|彻底|一个人|独自|突然|忽然|反而|倒是|依然|仍然|照样|果然|有时候|有时|偶尔|时不时|自己|一起|上下班|通勤|是真的|是真|真|继续|"
           # the reason before the verb (因为工作才搬来了重庆)
           r"因为工作(?:的?原因|的?关系)?|为了工作|"
           # the cleft 是…的 (我是去年从同济大学毕业的): when and how of an event told
           r"是(?=[^，,。！？]{1,20}?的(?:[，,。！？]|$))")
#: a relative of the user's (我妈, 我的同事), maybe with their name before the verb (我朋友小李从阿里…,
#: 我朋友小李刚…): the subject of the Chinese clause patterns and of the raw ones alike
_ZH_KIN_NAMED = (r"(?:(?<![跟和同着])我(?:的)?|(?=" + _ZH_BARE_KIN + r"))(?P<rel>" + _ZH_REL + r")(?:一家|他们|她们|两口子)?"
                 r"(?P<pname>(?!开始|改吃|一起|最近|现在|今年|去年|昨天|今天|刚刚|已经)[\u4e00-\u9fff]{2,3}?(?=[在从去是也刚都已还又就才把被]|最近|现在|今年|去年|前年|上个?月|上周|"
                 # the name before its verb (我朋友阿凯搬到了杭州, 我同事小王养了一只猫)
                 r"上礼拜|前几天|前阵子|昨天|今天|改吃|开始|搬|离职|离婚|辞|入职|加入|跳槽|开了|开一|养了|养过|领养|收养|买了|卖了|"
                 r"换了|娶了|嫁给|结婚|分手|得了|确诊|毕业|考上|上班|吃素|戒了))?")
#: what opens a chat clause before its subject and says nothing of it ("另外我最近迷上了烘焙",
#: "对了，我在湘雅医院当护士", "结果上周末直接搬去佛山了")
_ZH_OPENERS = ZH_OPENERS = (r"不过|但是|可是|而且|所以|其实|反正|说实话|说真的|讲真|老实说|之后|此后|然后|结果|兜兜转转|最后|没想到|幸好|好在|总之|"
               r"另外|对了|还有|顺便说一下|顺便说一句|顺便|话说|跟你说个事|跟你说|说起来|毕竟|倒是|但")
#: the kind a thing put first belongs to (爬山这种运动我真不喜欢): no part of the thing
_ZH_KIND_OF = r"(?:(?:这种|这类|这样的|这些)[\u4e00-\u9fff]{0,3}?[，,]?)?"
#: Chinese clause start + optional subject (我 / 我们 / 我妈妈) + time words and adverbs
_ZH_SUBJ = (r"(?:^|(?<=[，,。！？!?；;：:\s]))(?:(?:" + _ZH_OPENERS + r")[，,]?)*(?:(?:" + _ZH_TIME + r")[，,]?)*"
            r"(?P<subj>我们一家|我们全家|全家人|全家|一家人|我们俩|我俩|我们家|我们|我家|我(?:和|跟)(?:我的?)?(?P<with>" + _ZH_REL + r")(?=[\u4e00-\u9fff])|" + _ZH_KIN_NAMED + r"|我|"
            r"(?!(?:" + _ZH_TIME + r"|" + _ZH_ADV + r"|和|跟|我))(?P<name>[\u4e00-\u9fff]{2,3}?)(?=(?:" + _ZH_TIME + r")?(?:[从在去把和跟也都已刚]|搬|离|辞|入|加入|跳槽|开|养)))?"
            r"(?:(?:" + _ZH_TIME + r"|" + _ZH_ADV + r")[，,]?)*"
            # a companion with no subject before it (周末和老公去了趟千岛湖): the speaker went, with them
            r"(?:(?:和|跟|跟着)(?:我的?)?(?:" + _ZH_REL + r"|他|她)(?:一起)?)?")
_ZH_NEG = r"(?P<neg>不再|从来没有|从来没|从没有|从没|没有|没|不)?"
#: the tie words, time words and openers, for the engine's reading of a sentence's lead subject
ZH_REL, ZH_TIME, ZH_ADV = _ZH_REL, _ZH_TIME, _ZH_ADV
#: (a space only between two Latin words: 从Northeastern University毕业, 在Bank of America上班)
_ZH_OBJ = r"(?P<obj>(?:[^，,。！？!?；;：:\s、]|(?<=[A-Za-z0-9]) (?=[A-Za-z0-9])){1,24})"
#: provinces and regions: a hometown too broad to be told by 我是X人 alone
_ZH_REGIONS = (r"(?:东北|西北|华北|华南|华东|华中|西南|南方|北方|江南|中原|河北|山西|辽宁|吉林|黑龙江|江苏|浙江|安徽|福建|江西|"
               r"山东|河南|湖北|湖南|广东|海南|四川|贵州|云南|陕西|甘肃|青海|台湾|内蒙古?|广西|西藏|宁夏|新疆|香港|澳门)")
#: the verbs of studying somewhere (在X读研, 去了X念书, 不在X读了): they make X a school, not a
#: workplace or a trip
_ZH_STUDY = (r"读书|上学|读大学|读研究生|读研|读博士|读博|读本科|读硕士|读高中|读初中|读大[一二三四]|读研[一二三]|"
             r"[读上](?:高|初)[一二三]|[读上]小学|上初中|上高中|[读上](?:小学|初中|高中)?[一二三四五六七八九]年级|读中专|读大专|上幼儿园|"
             r"念书|念大学|念研究生|念博士|上大学|攻读|读(?=了|[，,。！？]|$)|念(?=了|[，,。！？]|$)")


@dataclass(frozen=True, slots=True)
class StatementPattern:
    key: str
    lang: str  # en | zh
    #: compiled on first use (most patterns never scan a given chat: see ``lazy_regex``)
    regex: re.Pattern[str] | LazyPattern
    predicate: str
    #: type given to an object no catalog/hint/lexicon entry types
    object_type: str
    directness: str = "explicit"
    #: also emit a trait claim (kind "trait") with value = the object, e.g. residence
    trait: str | None = None
    #: the pattern itself is a negation ("no longer like", 不再喜欢): claim negated
    negated: bool = False
    #: time hint implied by the verb form ("lived in" → past)
    time_hint: str | None = None
    #: split "jazz and classical" into two objects
    coordinated: bool = True
    #: a negation cue turns the claim into this predicate instead of negating it
    neg_predicate: str | None = None
    #: the object is this fixed value, not the matched phrase ("started eating meat again" ends
    #: the diet "vegetarian"; 吃素 states it)
    fixed_object: str | None = None
    #: the object must be a name (catalog, plugin hint, recognised name, lexicon member), never
    #: a bare phrase: the verb is too general to trust an arbitrary object (在X做…, 不在X了)
    named_only: bool = False
    #: the object must already be known as ``object_type`` (catalog or earlier in the batch):
    #: "Oreo passed away" is a pet's death only when Oreo is a pet memory knows
    known_object: bool = False
    #: the object must be a typed name of ``object_type`` (list, lexicon, catalog): 开 takes
    #: 五菱宏光mini but not 玩笑
    typed_only: bool = False
    #: the statement continues the one before it in the same event, which must match this ("Got a
    #: new job! It's at Stripe": "it" is the job only after a sentence that announced one)
    after: re.Pattern[str] | None = None
    #: this named group must be a name memory knows as ``object_type`` ("moved from Cisco to
    #: Juniper" is a job move only when Cisco is a known employer, not a town)
    known_group: str | None = None
    #: a fixed "@trait" object taken only when the batch holds a live value of the trait; else the
    #: verb is left to the next reading ("Quit it": the diet told before, or else the job)
    needs_live: bool = False
    #: the claim's object is this template around the matched one ("allergic to cats" → "cat
    #: allergy": the condition, named as the held-out and dev labels name it)
    object_template: str | None = None
    #: the verb alone types a one-word capitalised object as ``object_type``, whatever else the
    #: name is ("we had to put Duke down": only a pet is put down, though Duke is a university)
    verb_types: bool = False


def _en(key: str, verbs: str, predicate: str, object_type: str, **kw) -> StatementPattern:
    rx = LazyPattern(_EN_SUBJ + _EN_NEG + r"(?P<verb>" + verbs + r")" + _EN_OBJ)
    return StatementPattern(key, "en", rx, predicate, object_type, **kw)


def _raw(key: str, lang: str, regex: str, predicate: str, object_type: str, **kw) -> StatementPattern:
    """A pattern whose shape the helpers cannot build (object before the verb: "our cat Mochi
    died", 把旧车卖了). The regex still names ``subj``, ``verb`` and ``obj`` (``obj`` may be
    empty when ``fixed_object`` gives the value)."""
    return StatementPattern(key, lang, LazyPattern(regex), predicate, object_type, **kw)


#: a tie ended, told right after the partner's name (跟我分手了, 去年离婚了): where the role-named
#: pattern states no start, and the end the role rule reads (rule_engine._role_partner)
ZH_PARTNER_ENDED = (r"(?:已经|终于|正式|上个月|去年|前年|年初|刚)*(?:跟我|和我)?(?:已经|终于|正式|上个月|去年|前年|年初|刚)*"
                    r"(?:离婚|分手|离了婚|分了手)")


def _zh_role_named(key: str, roles: str, called: str, predicate: str, trait: str) -> StatementPattern:
    """A partner or spouse named by the role word at the start of the teller's clause (男朋友叫
    许诺, 带男朋友周航回家, 老公叫何川) — not 她男朋友 (the clause starts with someone else), and
    never an adverb read as a name (我男朋友超爱)."""
    return _raw(key, "zh", _ZH_CLAUSE + r"(?P<subj>)" + _ZH_GAP + r"(?:我的?)?(?:带着?|和|跟|陪)?(?:现在的|目前的|如今的)?(?P<verb>" + roles + r")"
                + called + r"(?![是在也都很还就说和跟超特挺太最真好非更又])(?P<obj>[\u4e00-\u9fff]{2,3}?)"
                # 我女朋友小雨跟我分手了: the tie ends after the name — no start (the role rule reads the end)
                r"(?=[，,。！？是很也都在的回说和跟一今昨]|$)(?!" + ZH_PARTNER_ENDED + ")",
                predicate, "person", trait=trait, coordinated=False, named_only=True)


def _zh_home_word(key: str, lead: str, word: str) -> StatementPattern:
    """A hometown told by a word for it (祖籍/籍贯/老家) and the place after it (是/在 optional,
    的/人 after): 我祖籍是烟台的, 籍贯湖南, 老家安徽的."""
    return _raw(key, "zh", lead + _ZH_WHO + r"?" + _ZH_GAP + r"(?:的)?" + word + r"(?:也|都)?(?:是|在)?"
                r"(?P<obj>[\u4e00-\u9fff]{2,6}?)(?:的|人)?(?=[，,。！？]|$)", "IS_FROM", "place", trait="hometown",
                coordinated=False, typed_only=True)


def _en_with_bare(key: str, body: str, predicate: str, object_type: str, **kw) -> tuple[StatementPattern, ...]:
    """An English statement with a subject ("I transferred from …", key) and told without one at
    the sentence start ("Transferred from …", key + "_bare"): one body, two leads."""
    return (_raw(key, "en", _EN_WHO + r" " + body, predicate, object_type, **kw),
            _raw(key + "_bare", "en", _EN_START + body, predicate, object_type, **kw))


#: who had something once, and the verb that puts it behind: "used to have", "grew up with", or
#: "had" with a time of the past later in the clause ("had a dog growing up", "had asthma as a kid")
_EN_PAST_HAVER = (r"(?:^|(?<=[\s,;:(\"']))(?:(?P<lead>when (?:i|we) (?:was|were) [a-z0-9 ]{1,20}?|growing up|as a (?:kid|child|teen)|"
                  r"back then|in college|in high school),? )?(?P<subj>i|we|my (?P<rel>" + EN_REL + r"))(?: also| always)? "
                  # ("When I was a kid I had a dog named Rex": the time told first)
                  r"(?P<verb>used to have|grew up with|(?(lead)had|had(?=[^.;!?]*\b(?:growing up|as a (?:kid|child|teen|teenager|baby)|"
                  r"when (?:i|we|he|she) (?:was|were) (?:a kid|little|young|younger|a child|a teen|in (?:college|school|high school)|\d+)|"
                  r"in (?:college|high school|grad school|my twenties|my teens)|back then|back in|years ago|for years)\b))) ")
_EN_PET = (r"(?:cat|dog|kitten|puppy|pup|kitty|rabbit|bunny|hamster|parrot|bird|fish|turtle|guinea pig|beagle|corgi|"
           r"poodle|labrador|lab|golden retriever|retriever|husky|greyhound|terrier|shepherd|pug|dachshund|"
           r"goldfish|snake|lizard|gecko|ferret|horse|pony|budgie|cockatiel|tortoise|chinchilla|"
           + "|".join(sorted(EN_PET_BREEDS, key=_longest_first)) + ")")
#: a kind of pet written in English inside Chinese (养了只corgi叫Mochi)
_EN_PET_IN_ZH = r"(?i:corgi|beagle|poodle|husky|labrador|golden retriever|shiba|samoyed|ragdoll|maine coon|dachshund|chihuahua)"
_ZH_PET = (r"(?:流浪狗|流浪猫|中华田园犬|田园犬|土狗|狗子|猫咪|小猫|橘猫|布偶猫|英短|猫|小狗|狗狗|柯基|金毛|泰迪|柴犬|哈士奇|边牧|拉布拉多|萨摩耶|比熊|博美|"
           r"雪纳瑞|德牧|阿拉斯加|法斗|加菲|暹罗|狸花|三花猫|蓝猫|狗|兔子|仓鼠|龙猫|荷兰猪|豚鼠|刺猬|鹦鹉|八哥|画眉|乌龟|金鱼|鱼|鸟|"
           + _EN_PET_IN_ZH + ")")
#: a sentence in which the speaker brings an animal home (not someone's report of it): what a
#: next sentence's "his name is X" names
_EN_PET_ANNOUNCED = re.compile(r"^(?!.*\b(?:said|says|told|tells|she|he|they)\b)(?:.*[\s,;:])?(?:i|we) (?:just |finally |have |had |recently |officially )*"
                               r"(?:got|adopted|rescued|brought home|took in|welcomed|have)\b[^.!?]*\b" + _EN_PET + r"\b")
#: a sentence in which the speaker tells of a new partner, unnamed ("I'm seeing someone", "new
#: boyfriend"): what a next sentence's "her name is X" names
_EN_PARTNER_ANNOUNCED = re.compile(r"^(?!.*\b(?:said|says|told|tells|she|he|they|if|would|want|wish)\b)(?:.*[\s,;:])?(?:"
                                   r"(?:i|we) (?:am|are|have been|been) (?:officially |now |finally )?(?:dating|seeing) (?:someone|somebody|a (?:guy|girl|man|woman))|"
                                   r"(?:new|a) (?:boyfriend|girlfriend|partner|bf|gf)\b(?! (?:named|called) )|"
                                   r"(?:i|we) (?:have|got) (?:a |an )?(?:new )?(?:boyfriend|girlfriend|partner)\b)")
#: what a pair named with "me and X" / "X and I" is to each other, now ("have been dating since")
_EN_PAIR_DATING = (r"(?:have been|are|started|just started|officially started|are officially) "
                   r"(?P<verb>dating|seeing each other|going out|in a relationship|a couple|"
                   r"together(?= since\b| for (?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several) (?:years?|months?)\b|[.!,;]|$))\b")
#: a pet's kind as a whole object ("dog"), not its name
EN_PET_KIND = re.compile(r"(?:new |little )?" + _EN_PET)
_EN_DIET_WORD = r"(?:" + "|".join(DIETS_EN) + ")"
_EN_DIET = r"(?P<obj>" + "|".join(DIETS_EN) + ")"
#: who switched diets, before the from/to pair ("I switched from vegetarian to pescatarian")
_EN_DIET_SWITCH = (r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| finally| recently)? "
                   r"(?:switched|went|moved|changed|transitioned) ")
#: an English object phrase (what _EN_OBJ captures) for _raw patterns
_EN_OBJ_RAW = r"(?P<obj>" + _EN_OBJ_CHARS + ")"
#: the sentence start a subject-less English statement begins at ("Started my new job at …")
#: a body part an injury is named by ("broke my wrist" → broken wrist)
_EN_INJURY_PART = (r"ankle|wrist|arm|leg|foot|toe|finger|ribs?|collarbone|hip|knee|elbow|nose|jaw|shoulder|acl|mcl|"
                   r"meniscus|achilles|hamstring|rotator cuff|back")
_EN_START = r"(?:^|(?<=[.!?:]\s)|(?<=\s[—–]\s))(?P<subj>)(?:just |finally |officially )?"
#: a name of up to four words where a statement needs the object before more text ("put Duke down")
_EN_NAME_SPAN = r"(?P<obj>[a-z][a-z0-9&'\-]*(?: [a-z0-9&'\-]+){0,3}?)"
_EN_WHO = (r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we|and|then|and then|my (?P<rel>" + EN_REL + r")(?: (?P<pname>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+))?|"
           r"(?P<name>[a-z][a-z'\-]+)(?: from (?:my|our|the) [a-z]+)?)(?: just| recently| finally| had to)?")
_ZH_WHO = (r"(?P<subj>我们一家|我们全家|全家人|全家|一家人|我们俩|我俩|我们家|我们|我家|我(?:和|跟)(?:我的?)?(?P<with>" + _ZH_REL + r")(?=[\u4e00-\u9fff])|"
           + _ZH_KIN_NAMED + r"|我)")
#: the start of a Chinese clause (a pattern whose subject may be left out anchors here)
_ZH_CLAUSE = r"(?:^|(?<=[，,。！？!?；;\s:：]))(?:(?:" + _ZH_OPENERS + r")[，,]?)*"
#: a clause start, its time words, and a subject that may be left out (上个月被X裁了, 跟X分手了)
_ZH_OPT_WHO = _ZH_CLAUSE + r"(?:(?:" + _ZH_TIME + r")[，,]?)*" + _ZH_WHO + r"?"
_ZH_GAP = r"(?:(?:" + _ZH_TIME + r"|" + _ZH_ADV + r")[，,]?)*"
#: a car told by its years before its name (开了七年的丰田凯美瑞…): the car a swap starts from
_ZH_CAR_BY_YEARS = (_ZH_CLAUSE + r"(?P<subj>)" + _ZH_GAP + r"(?:我们?)?(?:之前|以前)?(?:那辆|那台)?(?:开|骑)了"
                    r"[一二三四五六七八九十两几半\d]+年多?的")
_ZH_NAME = r"(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{1,12}?)"
#: eating meat again: the end of a diet without meat (吃素, and 纯素 when the clause names it)
_ZH_MEAT_AGAIN = r"开始吃肉|又开始吃肉|又吃肉了|恢复吃肉|开荤了|开始吃荤"
#: 在X待了快一年: where, then a stay of months or years
_ZH_STAYED_YEARS = (r"(?P<verb>在)(?P<obj>[^，,。！？在]{1,10}?)(?=(?:待|呆)了(?:快|差不多|将近|有)?"
                    r"(?:[一二三四五六七八九十两几半\d]+年|[一二三四五六七八九十两几\d]+个多?月|大半年|半年|一年多))")
#: a Chinese condition by its name or its shape, with no function word inside ("我腰椎间盘突出"; not
#: 对猫毛过敏, 被查出有糖尿病, 的颈椎病好多了)
_ZH_CONDITION_SHAPE = (r"(?:" + "|".join(sorted((c for c in CONDITIONS if re.search(r"[\u4e00-\u9fff]", c)), key=_longest_first))
                       + r"|(?:(?![的被从没对有就一都也还很在是得患了好])[\u4e00-\u9fff]){1,6}?(?:"
                       + "|".join(CONDITION_SUFFIXES_ZH) + r"))")
#: a sentence that calls something off ("Not joining Google after all, I'm staying at Accenture"):
#: only then is "staying at/in X" the state kept, not a hotel or a visit
_EN_CALLED_OFF_CUE = r"^(?=.*\b(?:after all|fell through|instead|decided|not (?:joining|moving|going|starting))\b)"
#: a condition named inside an English "have / caught" phrase: those verbs are too general to
#: take any object, so they only match before a condition word — and never as the auxiliary of
#: a perfect ("I've been dealing with insomnia": "been dealing with" is the verb, not a condition)
_EN_CONDITION_WORDS = "|".join(sorted((re.escape(c) for c in CONDITIONS if c.isascii() and c not in ("cold", "a cold")),
                                      key=_longest_first))
_EN_CONDITION_AHEAD = (r"(?!\s+been\b)(?=\s+(?:had\s+)?(?:a |an |the )?[a-z0-9\- ]{0,20}?(?:itis|disease|syndrome|disorder|cancer|allerg\w*|"
                       r"diabetes|asthma|covid|flu|migraines?|insomnia|anxiety|depression|adhd|arthritis|anemia|"
                       r"eczema|allergies|hypertension|pneumonia|bronchitis|shingles|sciatica|tinnitus|gout|\w+ism|\w+emia|"
                       r"\w+osis|blood pressure|cholesterol|parkinson's|alzheimer's|crohn's|lupus|epilepsy|apnea|stones|concussion|reflux|ptsd|ocd|"
                       + _EN_CONDITION_WORDS + "|" + EN_BODY_CONDITION + r")\b)")
_EN_SCHOOL_ROLE = (r"(?:freshman|sophomore|junior|senior|student|undergrad|undergraduate|grad student|"
                   r"graduate student|phd student|phd candidate|master's student|masters student|first-year|"
                   r"second-year|third-year|fourth-year|transfer student)")
_EN_SCHOOL_AHEAD = (r"(?=[^.,;]*(?:university|college|school|institute|academy|elementary|\btech\b|\bstate\b|\bhigh\b|"
                    r"(?<= )(?:" + "|".join(sorted((re.escape(x) for x in SCHOOLS if x.isascii()), key=_longest_first)) +
                    r")\b|"
                    r"this fall|this semester|as a (?:freshman|student)))")


#: who stole or wrecked the speaker's vehicle (never the speaker: "someone totaled my Fit")
_EN_VEHICLE_AGENT = r"(?:someone|somebody|they|thieves|a thief|a (?:drunk )?driver|a truck|a bus) "

#: a vehicle brand or model follows (optionally after an article and "old/new"): for verbs too
#: general to take any object ("stole my …", "have a …")
_EN_VEHICLE_AHEAD = (r"(?= (?:a |an |the |my |our )?(?:new |used |old )?(?:" + "|".join(sorted(
    (re.escape(b) for b in (*VEHICLE_BRANDS, *VEHICLE_MODELS) if b.isascii()), key=_longest_first)) + r")\b)")


#: job titles: "I'm a <title> at/with X" names the employer (a customer, member, volunteer,
#: patient or regular "at X" does not, so the list is of titles, not of any -er noun)
_EN_JOB_TITLE = (r"(?:intern|engineer|developer|designer|manager|nurse|doctor|"
                 r"teacher|analyst|consultant|pharmacist|accountant|lawyer|scientist|researcher|cashier|barista|"
                 r"chef|cook|driver|writer|editor|director|lead|architect|assistant|associate|specialist|dev|"
                 r"technician|officer|clerk|professor|lecturer|therapist|programmer|recruiter|planner|administrator|"
                 r"coordinator|representative|agent|server|waiter|waitress|bartender|mechanic|electrician|"
                 r"paralegal|attorney|receptionist|hygienist|dentist|physician|surgeon|paramedic|firefighter|pilot|"
                 r"flight attendant|janitor|custodian|librarian|counselor|counsellor|social worker|veterinarian|"
                 r"dietitian|nutritionist|optometrist|physiotherapist|dishwasher|host|hostess|supervisor|foreman|"
                 r"carpenter|plumber|welder|machinist|dispatcher|auditor|banker|teller|broker|underwriter|actuary|"
                 r"economist|journalist|reporter|photographer|producer|animator|illustrator|tutor|instructor|"
                 r"trainer|coach|stylist|hairdresser|barber|technologist|sonographer|phlebotomist|caregiver|aide|"
                 r"nanny|apprentice|trainee|ceo|cto|cfo|coo|vp|co-founder|cofounder|founder|accountant|"
                 r"salesperson|sales rep|rep|copywriter|strategist|product owner|scrum master|marketer)")
#: occupational verbs in the progressive or present ("teaching at Lincoln High", "bartending at
#: the Rusty Anchor"): only before a name, since "cooking at home" names no employer
_EN_JOB_VERB = (r"(?:teaching|bartending|waitressing|nannying|tutoring|clerking|nursing|cashiering|lifeguarding|"
                r"coaching|bartend|bartends|tutors?|coaches|nannies|waitresses)")


#: a vehicle named by brand or model, with a model word after a brand ("honda fit", "outback")
_EN_VEHICLE_NAME = (r"(?:" + "|".join(sorted((re.escape(b) for b in (*VEHICLE_BRANDS, *VEHICLE_MODELS) if b.isascii()),
                                            key=_longest_first)) + r")(?: [a-z0-9\-]+)?(?![a-z0-9])")


#: a stay at a workplace: "after six years at", "after a decade with"
_EN_STAY = (r"(?:(?:almost|nearly|over|about|like) )?(?:[a-z0-9]+|a few|a couple of) (?:more )?(?:years?|months?|decades?) "
            r"(?:at|with|working at|working for)")
#: what the stay ends in: the speaker leaves, resigns, is let go, or moves to another employer
_EN_STAY_END = (r"(?:i|we) (?:finally |just |officially |then |have |had )*(?:quit|left|resigned|retired|handed in|"
                r"put in|turned in|gave (?:my )?notice|moved over to|moved on to|switched over to|switched to|went over to|"
                r"made the jump to|jumped ship|was laid off|got laid off|was let go|got let go|got fired|was fired|"
                r"got the boot|called it quits)")


def _zh(key: str, verbs: str, predicate: str, object_type: str, *, tail: str = "",
        **kw) -> StatementPattern:
    rx = LazyPattern(_ZH_SUBJ + _ZH_NEG + r"(?P<verb>" + verbs + r")" + _ZH_OBJ + tail)
    return StatementPattern(key, "zh", rx, predicate, object_type, **kw)


PATTERNS: tuple[StatementPattern, ...] = (
    # -- English --------------------------------------------------------------------------------
    _en("en_work_love", r"(?:love|like|enjoy|hate|dislike)s? working (?:at|for)", "WORKS_AT", "organization",
        trait="employer", coordinated=False, named_only=True),
    _en("en_like_no_longer", r"(?:no longer|do not|does not) (?:like|love|enjoy)s?(?= .* any ?more)|"
        r"no longer (?:like|love|enjoy)s?", "LIKES", "topic", negated=True, trait="preference"),
    _en("en_dislike", r"dislikes?|hates?|(?:can ?not|cannot) stand|(?:do|does) not (?:like|enjoy)s?",
        "DISLIKES", "topic", trait="preference"),
    # "my favorite singer is Taylor Swift", "my all-time favourite food has to be sushi": the
    # named thing is liked, not the category word before "is"
    _raw("en_favourite", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)my (?:all-time |absolute |current |new )?"
         r"favou?rite (?:(?!(?:and|it|that|which|i|we|you|he|she|they|this|but|so|because)\b)[a-z\-]+ ){1,3}?"
         r"(?:right now |these days |of all time |ever )?(?P<verb>is|are|has to be|"
         r"would have to be|would be)" + _EN_OBJ, "LIKES", "topic", trait="preference"),
    _en("en_not_a_fan", r"am not (?:a |much of a |really a |a big |the biggest )?fan of", "DISLIKES", "topic",
        trait="preference"),
    # "got into X" alone is an admission (I got into Harvard): only with an intensifier a liking
    _en("en_like", r"(?:really )?(?:likes?|loves?|enjoys?|adores?|am (?:really |so |totally |super |big )?into"
        r"(?! (?:my|a|the) (?:first|second|third|fourth|final|last|new) )|"
        r"am a (?:big )?fan of|(?:am|have been|been|have become|became) (?:so |totally |kind of |a bit |a little |lowkey )?obsessed with|(?:have )?(?:gotten|got) (?:really |so |super |totally )into)",
        "LIKES", "topic", trait="preference"),
    # diet first: "quit keto" is a diet end, not a job end
    _raw("en_diet_end", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: am| have)?(?: (?:actually|just|finally|officially|recently|already|totally|"
         r"completely|basically|kind of|sort of|pretty much|honestly))* (?P<verb>(?:no longer|not) (?:a |eating )?|"
         r"stopped being (?:a )?|quit being (?:a )?|gave up being (?:a )?|(?:quit|stopped|gave up) doing (?:the )?|quit |stopped |gave up on |gave up |went off |"
         r"came off |am off |fell off |am done with |am over |(?:am )?not doing |(?:am )?not on |(?:am )?no longer doing |(?:am )?no longer on )" + _EN_DIET + r"(?! diet\b)?", "FOLLOWS_DIET", "topic", negated=True,
         trait="diet", coordinated=False),
    # "I am pure veg from birth": the Indian English word for a vegetarian diet
    # "I could eat pho every single day": a food one would never tire of is liked
    _raw("en_could_eat_daily", "en", _EN_WHO + r" (?:honestly |literally |genuinely )?(?P<verb>could (?:eat|live on|drink)) (?P<obj>[a-z][a-z' \-]{1,30}?) "
         r"(?:every (?:single )?day|all day|forever|for every meal|every meal|for the rest of my life)\b", "LIKES", "food",
         trait="preference", coordinated=False),
    _raw("en_pure_veg", "en", _EN_WHO + r" (?:am|are|have been|been) (?:a )?(?:strict |complete |fully |totally )?(?P<verb>pure veg(?:etarian)?)\b(?P<obj>)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="vegetarian"),
    # "Not vegan anymore, cheese won", "No longer keto.": a subject-less end of a diet
    _raw("en_diet_end_bare", "en", _EN_START + r"(?P<verb>(?:not|no longer) (?:a )?)" + _EN_DIET +
         r"(?= any ?more| now|[.,;!]|$)", "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False),
    _raw("en_diet_meat", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: have)? (?P<verb>started eating (?:meat|chicken|beef|pork|steak)|"
         r"eat (?:meat|chicken|beef|pork) again|am eating (?:meat|chicken|beef|pork) again|(?:went|gone|have gone) back to eating (?:meat|chicken|beef|pork))(?P<obj>)",
         "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False,
         fixed_object="vegetarian"),
    # "started eating bread again": a food the held diet leaves out ends it (names.related_diet)
    *_en_with_bare("en_diet_food_again", r"(?:have |am )?(?:just |finally |now )?(?P<verb>started eating|started having|went back to eating|"
                   r"have gone back to eating|am back to eating|back to eating|"
                   r"(?=(?:eat|am eating|eating|am having) [a-z ]{1,20}? again\b)(?:eat|am eating|eating|am having)) "
                   r"(?:some |real |normal )?(?P<obj>[a-z][a-z ]{1,15}?)(?: again\b| once more\b|(?<=\S)(?=[.,;!]|$)(?<!again))",
                   "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False, fixed_object="@diet~"),
    # "No more meat for me": the vegetarian diet begun
    _raw("en_diet_no_more_meat", "en", r"(?:^|(?<=[.!?:]\s))(?P<subj>)(?P<verb>no more meat)(?: for me)?(?P<obj>)(?=[.,;!?]|$| for| since)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="vegetarian"),
    _raw("en_diet_no_meat", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: have)?(?: just| finally)? (?P<verb>stopped eating meat|"
         r"gave up meat|quit (?:eating )?meat|cut out meat|no longer eat meat|do not eat meat(?! or)|never eat meat)(?P<obj>)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="vegetarian"),
    _raw("en_diet_fish", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: only)? (?P<verb>eat fish but no (?:other )?meat|"
         r"only eat fish|eat (?:only )?fish and (?:seafood|vegetables|veggies)(?: but no (?:other )?meat)?|"
         r"do not eat meat but (?:i )?(?:do )?eat fish|am a pescatarian)(?P<obj>)", "FOLLOWS_DIET", "topic", trait="diet",
         coordinated=False, fixed_object="pescatarian"),
    _raw("en_diet_plant", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: have been| am| became| went| have gone| eat)(?P<verb> "
         r"(?:fully |strictly |mostly |100% )?plant-based)(?P<obj>)", "FOLLOWS_DIET", "topic", trait="diet",
         coordinated=False, fixed_object="vegan"),
    # "Fully vegan since January.", "Keto as of this week": a subject-less start of a diet, dated
    _raw("en_diet_since_bare", "en", _EN_START + r"(?P<verb>(?:fully |strictly |officially |100% |completely )?)" + _EN_DIET +
         r"(?= (?:since|as of|starting|from|for (?:a|the|two|three|four|five|six|\d+|several|a few) ))", "FOLLOWS_DIET", "topic",
         trait="diet", coordinated=False),
    # "Going keto instead — under 25g carbs a day", "Doing keto now, day 6": a diet begun, told bare
    # (not "Going vegan was the best decision": a gerund subject is no start told)
    _raw("en_diet_going_bare", "en", _EN_START + r"(?P<verb>(?:going|doing|trying|starting|switching to|on) (?:full |strict |fully |strictly )?)"
         + _EN_DIET + r"(?! (?:was|is|has|would|will|sounds|seems|might|could|for (?:a|one|the) (?:day|week)\b))(?![\w-])",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False),
    # "Six years vegetarian now", "Day 40 of keto", "Still vegan, obviously": a diet held, counted or kept
    _raw("en_diet_counted_bare", "en", _EN_START + r"(?P<verb>(?:(?:almost|nearly|over|about|officially) )?(?:(?:one|two|three|four|five|six|"
         r"seven|eight|nine|ten|eleven|twelve|a few|\d+) (?:years?|months?|weeks?)(?: of)?(?: being)?|day \d+ of|week \d+ of|still) (?:a )?)"
         + _EN_DIET + r"(?![\w-])(?= now| and(?! then| i (?:caved|quit|stopped|gave up))| this| today| as of| strong|[.,!;]|$)"
         r"(?![^.!?]*\b(?:until|till|then i (?:caved|quit|stopped))\b)", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False),
    # "…, so technically pescatarian now", "so pescatarian from now on": a diet told as how things now stand
    _raw("en_diet_now_bare", "en", r"(?:^|(?<=[.!?,;:]\s)|(?<=\bso ))(?P<subj>)(?:technically |basically |officially |pretty much |fully |"
         r"i guess |i am )?(?P<verb>(?:a )?)" + _EN_DIET + r" (?=(?:now|from now on)(?:[.!,;]|$))", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False),
    _raw("en_diet_past", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i) (?P<verb>used to be|was) (?:a )?" + _EN_DIET +
         r"(?= for| back| in| when| until| before|$|[.,;!])", "FOLLOWS_DIET", "topic", time_hint="past", coordinated=False),
    _raw("en_diet", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|and|my (?P<rel>" + EN_REL + r")(?: (?P<pname>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+))?)(?: (?:have|has) officially gone| (?:have|has) finally gone| officially went| finally went| is| has been| has gone| have been| have gone| have become| am| became| went| turned|"
         r" started| switched to| started going| am going| am doing| is doing| has been doing| is on| have been doing| am on| have been on|"
         r" am starting(?![^.,;!?]* (?:next|tomorrow|in (?:a|two|three) (?:weeks?|months?))\b)| am switching to|"
         r" have been eating| am eating| eat)"
         r"(?P<verb> (?:a |fully |strictly |mostly |the |full |completely |100% )?)" + _EN_DIET, "FOLLOWS_DIET", "topic", trait="diet",
         coordinated=False),
    # "I switched from vegetarian to pescatarian", "went from keto to vegan": the diet left, the diet taken
    _raw("en_diet_from", "en", _EN_DIET_SWITCH + r"(?P<verb>from) (?:being )?(?:a )?" + _EN_DIET + r"(?: diet)? to (?:being )?(?:a )?"
         + _EN_DIET_WORD + r"\b", "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False),
    _raw("en_diet_from_to", "en", _EN_DIET_SWITCH + r"from (?:being )?(?:a )?" + _EN_DIET_WORD + r"(?: diet)? (?P<verb>to) (?:being )?(?:a )?"
         + _EN_DIET + r"\b", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False),
    # work: start, change, end (WORKS_AT is exclusive: a new employer supersedes the old one)
    _raw("en_work_last_day", "en", r"(?:^|(?<=[\s,;:(\"']))(?:[a-z]+ )?(?:is|was) (?:officially |finally |actually )?(?P<subj>my) (?P<verb>(?:last|final) day) "
         r"(?:at|with) " + _EN_OBJ_RAW, "WORKS_AT", "organization", negated=True, trait="employer",
         coordinated=False),
    # "Last day at Wayfair today": the end told bare, the day named after
    _raw("en_work_last_day_bare", "en", r"(?:^|(?<=[.!?:]\s))(?P<subj>)(?![^.!?]*\b(?:is|will be) (?:on )?(?:monday|tuesday|wednesday|"
         r"thursday|friday|saturday|sunday|tomorrow|next)\b)(?:it is |it's )?(?:my )?(?P<verb>last (?:day|shift)) (?:at|with) "
         + _EN_NAME_SPAN + r"(?= today| yesterday| was| is today|[.,;!?]|$)", "WORKS_AT", "organization", negated=True,
         trait="employer", coordinated=False, named_only=True),
    _raw("en_work_last_shift", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?P<verb>last (?:day|shift)) (?:at|with) "
         r"(?P<obj>[^.,;:!?\"()]+?) (?:was|ended)\b", "WORKS_AT", "organization", negated=True, trait="employer",
         coordinated=False, named_only=True),
    _raw("en_work_last_day_there", "en", r"(?:^|(?<=[\s,;:(\"']))(?:[a-z]+ )?(?:is|was) (?P<subj>my) "
         r"(?P<verb>last day) (?:there|at work|at the office|at that job)(?P<obj>)", "WORKS_AT", "organization",
         negated=True, trait="employer", coordinated=False, fixed_object="@employer"),
    _raw("en_work_quit_there", "en", _EN_WHO + r" (?P<verb>(?:handed|put|turned) in (?:my )?(?:notice|resignation)|"
         r"gave (?:my )?notice|resigned|quit my job|quit(?= (?:today|yesterday|last \w+|this \w+|on \w+day|in \w+|"
         r"earlier|a (?:week|month|year) ago|\w+ (?:days|weeks|months) ago)\b| ?[.!,]| ?$)|"
         r"(?:got|was|have been|been) (?:laid off|let go|fired|made redundant)(?= (?:today|yesterday|last \w+|this \w+)\b| ?[.!,]| ?$))"
         r"(?! (?:at|from|to|with) )(?P<obj>)", "WORKS_AT", "organization", negated=True, trait="employer",
         coordinated=False, fixed_object="@employer"),
    _raw("en_work_laid_off_bare", "en", _EN_START + r"(?P<verb>(?:got|was) (?:laid off|let go|fired|made redundant))"
         r"(?= (?:today|yesterday|last \w+|this \w+)\b| ?[.!,]| ?$)(?P<obj>)", "WORKS_AT", "organization", negated=True,
         trait="employer", coordinated=False, fixed_object="@employer"),
    _raw("en_not_anymore", "en", r"^(?P<subj>)(?P<neg>)(?:well,? |but |and |ha,? |lol,? )?(?P<verb>not any ?more|not any longer|"
         r"no longer)(?= though| tho| actually| sadly| haha| lol|[.,!;]|$)(?P<obj>)", "STATE", "other", negated=True,
         coordinated=False, fixed_object="@state"),
    # "After eight years at Target I finally moved over to Costco": the stay named before an end
    # or a move is the employer that ends; a move's target is the new one
    _raw("en_work_after_stay", "en", r"(?:^|(?<=[\s,;:]))(?P<subj>)(?P<verb>after) " + _EN_STAY + r" (?P<obj>[^.,;:!?\"()]+?),? "
         r"(?=" + _EN_STAY_END + r")", "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False,
         named_only=True),
    _raw("en_work_after_stay_to", "en", r"(?:^|(?<=[\s,;:]))after " + _EN_STAY + r" [^.,;:!?\"()]+?,? (?P<subj>i|we) "
         r"(?:finally |just |then )?(?P<verb>moved over to|moved on to|switched over to|switched to|went over to|"
         r"made the jump to|left for) " + _EN_OBJ_RAW, "WORKS_AT", "organization", trait="employer",
         coordinated=False, named_only=True),
    _raw("en_work_switch_from", "en", _EN_WHO + r" (?:switched|changed|moved) (?:jobs|companies|employers) "
         r"(?P<verb>from) (?P<obj>[^.,;:!?\"()]+?) to ", "WORKS_AT", "organization", negated=True,
         trait="employer", coordinated=False),
    _raw("en_work_switch_to", "en", _EN_WHO + r" (?:switched|changed|moved) (?:jobs|companies|employers) "
         r"from [^.,;:!?\"()]+? (?P<verb>to) " + _EN_OBJ_RAW, "WORKS_AT", "organization",
         trait="employer", coordinated=False),
    # "I left Chicago for Denver": the new home is the place one left for
    _raw("en_left_for", "en", _EN_WHO + r" left [a-z][a-z .'\-]{1,30}? (?P<verb>for) " + _EN_OBJ_RAW,
         "MOVED_TO", "place", trait="residence", coordinated=False, typed_only=True),
    _raw("en_work_left_for", "en", _EN_WHO + r" (?:left|quit) [a-z0-9&'\- ]+? (?P<verb>for|to join|to go to|to work at|to work for|"
         r"to start at)(?! good\b| now\b| a while\b| lent\b| (?:a|one|two|three|the|this) (?:day|week|weekend|month|year|summer)s?\b)"
         r"(?: an? (?:new )?(?:job|role|position|gig|spot) (?:at|with))? " + _EN_OBJ_RAW, "WORKS_AT",
         "organization", trait="employer", coordinated=False, named_only=True),
    # "Quit it after six weeks though": the diet the batch told, given up (none told, nothing said)
    _raw("en_diet_quit_it", "en", r"^(?:but |and |then |so |sadly |honestly )?(?:i |we )?(?P<subj>)(?:just |eventually |finally |actually )?"
         r"(?P<verb>quit|gave up|stopped|dropped|ditched|abandoned|bailed on|fell off) it(?P<obj>)"
         r"(?= after\b| a \w+ (?:ago|later)\b| last\b| in\b| two\b| three\b| already\b| though\b| tho\b| lol\b|[.,;!]|$)",
         "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False, fixed_object="@diet", needs_live=True),
    _en("en_work_end", r"quit(?: (?:my|her|his|their) job)?(?: at)?|left(?![a-z ]+ and moved\b)(?! (?:grad |graduate |law |med |medical |business |high )?school\b)(?: my job)?(?: at)?|resigned from(?: my (?:position|job|role) at)?|retired from|"
        r"(?:handed|put|turned|gave) in (?:my )?(?:notice|resignation|two weeks(?: notice)?) (?:at|to)|"
        r"gave (?:my )?(?:notice|two weeks(?: notice)?) (?:at|to)|walked out of (?:my job at|my job with)|"
        r"stopped working (?:at|for)|(?:was |got )?(?:laid off|let go|fired|made redundant|sacked|axed) (?:from|by)(?: my (?:job|position|role) (?:at|with))?|"
        r"walked away from|lost my (?:job|position|role|spot) (?:at|with)", "WORKS_AT", "organization", negated=True,
        trait="employer", coordinated=False),
    _en("en_work_since", r"worked (?:at|for)(?=[^.,;]* since\b)|been working (?:at|for)", "WORKS_AT", "organization",
        trait="employer", coordinated=False),
    _en("en_work_been_at", r"been (?:at|with)(?=[^.,;]* (?:for|since) )", "WORKS_AT", "organization", trait="employer",
        coordinated=False, named_only=True),
    _en("en_work_past", r"used to (?:work|bartend|teach|intern|tutor|nanny|wait tables|waitress|cook|clerk) (?:at|for)|"
        r"worked (?:at|for)|had a job (?:at|with)|waited tables at|bartended at|interned at|taught at",
        "WORKS_AT", "organization",
        time_hint="past", coordinated=False),
    # a move as a gerund subject judged after the fact ("Moving back to Manila was the best decision
    # I ever made", "Relocating to Austin has been great"): done, so a move; "would be", "is" stay plans
    _raw("en_moved_gerund", "en", _EN_START + r"(?P<verb>(?:moving|relocating) (?:back |out |over |up |down )?to) "
         r"(?P<obj>[^.,;:!?\"()]+?)(?= (?:was|has been|turned out to be|ended up being)\b)",
         "MOVED_TO", "place", trait="residence", coordinated=False, named_only=True),
    _raw("en_moved_bare", "en", _EN_START + r"(?P<verb>(?:moved|relocated) (?:back )?(?:to|into)) "
         r"(?!(?:a |an |our |my |the )?(?:own |first |new )*(?:apartment|place|house|flat|condo|home|studio) in\b)"
         + _EN_OBJ_RAW,
         "MOVED_TO", "place", trait="residence", coordinated=False),
    # "Renting a little terraced house in Bristol", "I'm now set up in a condo in Tiong Bahru": a
    # home told by the dwelling taken in a place (bare at a sentence start, or after "I'm")
    *_en_with_bare("en_home_dwelling_in", r"(?:am |are )?(?:now )?(?P<verb>(?:renting|set up in|settled into|living in) "
                   r"(?:a |an |our |my )?(?:[a-z0-9\-]+ ){0,3}?(?:place|apartment|house|flat|room|condo|studio|loft|townhouse) in) "
                   + _EN_OBJ_RAW, "LIVES_IN", "place", trait="residence", coordinated=False, named_only=True),
    # "I transferred from UCLA to Stanford", "Transferred to Michigan this fall": a school change (a
    # school named, or a term said: "this fall"); an office transfer names neither
    *_en_with_bare("en_school_transfer_from", r"(?P<verb>transferred from)" + _EN_SCHOOL_AHEAD + r" " + _EN_OBJ_RAW,
                   "STUDIES_AT", "organization", negated=True, trait="school", coordinated=False),
    *_en_with_bare("en_school_transfer_to", r"transferred from [^.,;]+? (?P<verb>to)" + _EN_SCHOOL_AHEAD + r" "
                   + _EN_OBJ_RAW, "STUDIES_AT", "organization", trait="school", coordinated=False),
    # "Started my residency at Johns Hopkins", "started a fellowship with the NIH": a job begins
    *_en_with_bare("en_work_training_start", r"(?P<verb>started|began|am starting) (?:my |a |an )?"
                   r"(?:medical |surgical |nursing )?(?:residency|fellowship|apprenticeship|clerkship|traineeship) "
                   r"(?:at|with) " + _EN_OBJ_RAW, "WORKS_AT", "organization", trait="employer", coordinated=False,
                   named_only=True),
    # "Just started my master's at Oxford", "I began my PhD in physics at Caltech": a degree begun there
    *_en_with_bare("en_school_degree_start", r"(?:have )?(?:just |finally |officially )?(?P<verb>started|began|am starting|am beginning) "
                   r"(?:my |a |an |the )?(?:phd|ph\.d\.|doctorate|master's|masters|master's degree|mba|bachelor's|"
                   r"undergrad|undergraduate degree|law degree|jd|postdoc|degree)(?: program(?:me)?)?"
                   r"(?: in [a-z ]{2,30}?)? (?:at|with) " + _EN_OBJ_RAW, "STUDIES_AT", "organization", trait="school",
                   coordinated=False, named_only=True),
    _raw("en_school_end_bare", "en", _EN_START + r"(?P<verb>graduated from|dropped out of) " + _EN_OBJ_RAW,
         "STUDIES_AT", "organization", negated=True, trait="school", coordinated=False),
    _raw("en_health_bare", "en", _EN_START + r"(?P<verb>(?:got |was )?diagnosed with|tested positive for) " + _EN_OBJ_RAW,
         "HAS_CONDITION", "topic", trait="health", coordinated=False),
    _raw("en_work_end_bare", "en", _EN_START + r"(?P<verb>(?:quit|left) my (?:job|position|role) (?:at|with)|quit|left|got laid off from|got fired from|"
         r"(?:got |was )?(?:made redundant|sacked|axed) from|"
         r"resigned from(?: my (?:position|job|role) at)?|handed in (?:my )?(?:notice|resignation) (?:at|to)) "
         + _EN_OBJ_RAW, "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False),
    _raw("en_work_after_leaving", "en", r"(?:^|(?<=[\s,;:]))(?P<subj>)(?P<verb>after (?:leaving|quitting|being laid off from|"
         r"getting laid off from|being let go from)) " + _EN_OBJ_RAW, "WORKS_AT", "organization", negated=True,
         trait="employer", coordinated=False, named_only=True),
    _raw("en_work_hired_by", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>they|the company|my (?:company|boss|employer|"
         r"manager))(?: just| finally| officially)? (?P<verb>hired me|took me on|brought me on|promoted me)(?: (?:as|to) (?:an? )?[a-z\- ]{1,30}?)? at "
         + _EN_OBJ_RAW, "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    _raw("en_work_let_go_from", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>they|the company|my (?:company|boss|employer|"
         r"manager)) (?:just |finally )?(?P<verb>laid me off|let me go|fired me|made me redundant) from " + _EN_OBJ_RAW,
         "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False, named_only=True),
    _raw("en_work_let_go", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?!(?:after|since|when|because|and|but|so|then|now)\b)"
         r"(?P<obj>[a-z][a-z0-9&'\-]*(?: (?!(?:after|since|when|because|now|and|but|so|then)\b)[a-z0-9&'\-]+){0,3}?) "
         r"(?P<verb>let me go|laid me off|fired me|cut my (?:team|job|position|role|department))", "WORKS_AT",
         "organization", negated=True, trait="employer",
         coordinated=False, named_only=True),
    # "My company, Brightline, just got acquired": the employer named in apposition
    _raw("en_my_company_named", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?P<verb>(?:company|employer|firm|workplace|"
         r"startup|day job)), (?P<obj>[a-z][a-z0-9&'\- ]{1,30}?),", "WORKS_AT", "organization", trait="employer",
         coordinated=False, named_only=True),
    # "Originally from Cape Town, now in London": the home after the home town (en_from_bare)
    _raw("en_now_in_after_from", "en", r"(?:originally|born) (?:from|in) [^.;!?]+?, (?P<subj>)(?:but )?(?P<verb>now in|now living in|"
         r"living in) " + _EN_OBJ_RAW, "LIVES_IN", "place", trait="residence", coordinated=False, named_only=True),
    # "things ended with Rob", "it's over with Rob": a relationship with the one named ends
    _raw("en_ended_with", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:things|it|everything) (?:have |has )?(?P<verb>ended|is over|"
         r"are over|fell apart|did not work out) with (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "DATING", "person", negated=True,
         trait="partner", coordinated=False, named_only=True),
    # "I'm a proud alum of Howard University": a school one went to (past)
    _en("en_school_alum", r"am (?:a |an )?(?:proud )?(?:alum|alumnus|alumna|graduate|grad) of", "STUDIES_AT", "organization",
        time_hint="past", coordinated=False, named_only=True),
    # "Me and Jordan have been together since high school": the partner named before the verb
    _raw("en_me_and_partner", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)me and (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) (?P<verb>have been together|"
         r"are together|have been dating|are dating|got together|started dating|moved in together)",
         "DATING", "person", trait="partner", coordinated=False, named_only=True),
    # "I'm no longer with IBM", "I'm not with Deloitte anymore": an employer named, ended
    _raw("en_work_no_longer_with", "en", _EN_WHO + r" (?P<verb>am no longer with|am not with(?=[^.,;]* any ?more))"
         r" " + _EN_OBJ_RAW, "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False,
         typed_only=True),
    _raw("en_work_not_there", "en", _EN_WHO + r" (?:do not|no longer|am not working|do not work|no longer work)"
         r"(?P<verb> work there| there)(?= any ?more|[.!,]|$)(?P<obj>)", "WORKS_AT", "organization", negated=True,
         trait="employer", coordinated=False, fixed_object="@employer"),
    # "First week of classes at Purdue is done!": a first stretch of classes starts the school
    _raw("en_school_first_classes", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my |)(?P<verb>(?:first|1st) (?:day|week|month|semester|term) of "
         r"(?:classes|class|lectures|uni|college|university|grad school|law school|med school)) (?:at|with) " + _EN_OBJ_RAW,
         "STUDIES_AT", "organization", trait="school", coordinated=False, named_only=True),
    # "I did my undergrad at UC Davis": a degree done there, a school of the past
    _en("en_school_did_past", r"did (?:my |an? |the )?(?:undergrad|undergraduate(?: degree)?|bachelor's|bachelors|master's|masters|"
        r"phd|ph\.d\.|mba|doctorate|postdoc|degree)(?: degree)? at", "STUDIES_AT", "organization", time_hint="past",
        coordinated=False, named_only=True),
    # "First day at Lincoln High today": a school's first day starts the school (before the job reading)
    _raw("en_school_first_day", "en", r"(?:^|(?<=[\s,;:(\"']))(?:(?:today|yesterday|monday|it) (?:is|was) )?(?P<subj>my |)"
         r"(?P<verb>first day|day one) (?:at|of)" + _EN_SCHOOL_AHEAD + r" " + _EN_OBJ_RAW, "STUDIES_AT", "organization",
         trait="school", coordinated=False, named_only=True),
    # "my job at Etsy", "my first week at Pinterest": the workplace named by the job at it
    _raw("en_work_my_job_at", "en", r"(?:^|(?<=[\s,;:(\"']))(?<!out of )(?<!quit )(?<!left )(?<!lost )(?<!from )(?<!leaving )"
         r"(?<!quitting )(?<!losing )(?<!of )(?P<subj>my) (?:new |current |dream |first |day |full-time |part-time )?"
         r"(?P<verb>job|gig|position|role) (?:at|with) " + _EN_OBJ_RAW, "WORKS_AT", "organization", trait="employer",
         coordinated=False, named_only=True),
    _raw("en_work_first_day", "en", r"(?:^|(?<=[\s,;:(\"']))(?:(?:today|yesterday|monday|it) (?:is|was) )?(?P<subj>my |)"
         r"(?P<verb>first day|first week|first month|day one)(?: (?:done|over|down|in|finished|complete|completed))? (?:at|with) "
         + _EN_OBJ_RAW, "WORKS_AT", "organization", trait="employer",
         coordinated=False, named_only=True),
    _raw("en_work_start_bare", "en", _EN_START + r"(?P<verb>started (?:my |a )?(?:new )?(?:job|position|role|"
         r"internship) (?:at|with)|(?:landed|got) (?:a |an |the |my )?(?:new )?(?:[a-z\-]+ ){0,3}?(?:job|role|position|gig)(?: as an? (?:[a-z\-]+ ){0,2}?[a-z\-]+)? (?:at|with)|"
         r"took (?:a |an |the )?(?:new )?(?:[a-z\-]+ ){0,3}?(?:job|role|position) (?:at|with)|joined|got hired (?:at|by)|been (?:working )?at(?=[^.,;]* (?:since|for) )|"
         r"accepted (?:a |an |the )?(?:new )?(?:[a-z\-]+ ){0,3}?(?:position|job|role|offer) (?:at|with|from)) "
         + _EN_OBJ_RAW, "WORKS_AT", "organization", trait="employer", coordinated=False),
    # "…and took a data analyst role at Canva": a job taken there
    _en("en_work_took", r"took (?:a |an |the )?(?:new )?(?:[a-z\-]+ ){0,3}?(?:job|role|position) (?:at|with)", "WORKS_AT",
        "organization", trait="employer", coordinated=False, named_only=True),
    # school before work: "I'm a sophomore at", "got my master's from" are school
    _en("en_school_end", r"(?:wrapped up|finished|completed|got through) (?:my )?(?:last|final) (?:semester|year|term|quarter) at|"
        r"graduated from|dropped out of|finished (?:my )?(?:studies|degree|phd|ph\.d\.|master's|masters|"
        r"mba|bachelor's|undergrad|doctorate|grad school|graduate school|college|law school|med school)(?: degree)? at|left (?:grad |graduate |law |med |medical |business )?school at|"
        r"got my (?:master's|masters|bachelor's|bachelors|degree|diploma|phd|mba|doctorate)(?: degree)? (?:from|at)|"
        r"graduated (?:high school |college )?(?:from|at)|passed out (?:of|from)", "STUDIES_AT", "organization", negated=True,
        trait="school", coordinated=False),
    _en("en_school_end_known", r"finished (?:school |college |university |my studies )?at|left", "STUDIES_AT",
        "organization", negated=True, trait="school", coordinated=False, known_object=True),
    _en("en_school", r"(?:am |went )?back (?:at|in) (?:school|college|university) at|(?:(?<=not )|(?<=never ))(?:an? |the )?" + _EN_SCHOOL_ROLE + r" (?:at|in)|study at|(?:went|go|going) back to (?:school|college|university) at|doing (?:my |a )?(?:phd|ph\.d\.|masters|master's|degree|mba|bachelor's|bachelors|doctorate|btech|b\.tech|mtech|m\.tech|engineering|graduation|msc|bsc|mbbs) (?:at|in|from)|studying (?:[a-z\-]+ ){0,2}?at|am an? " + _EN_SCHOOL_ROLE + r" (?:at|in)|"
        r"(?:is|are) an? " + _EN_SCHOOL_ROLE + r" (?:at|in)|am enrolled (?:at|in)|enrolled at|transferred to" + _EN_SCHOOL_AHEAD + r"|taking (?:[a-z\-]+ )?classes at|in my (?:first|second|third|fourth|final|last) year at|"
        r"(?:[a-z]+ (?:months?|weeks?|years?) |halfway |well )?into (?:my |a )?(?:phd|ph\.d\.|masters|master's|mba|degree|program|"
        r"bachelor's|doctorate|(?:first|second|third|fourth|final|last) (?:year|semester)) at|"
        r"started (?:college |university |school |grad school |kindergarten |preschool |high school |middle school )?at"
        + _EN_SCHOOL_AHEAD + r"|go to school at|goes to school at|(?:go|goes|going) to" + _EN_SCHOOL_AHEAD +
        r"|attends?" + _EN_SCHOOL_AHEAD,
        "STUDIES_AT", "organization", trait="school", coordinated=False),
    # "my new job is at Stripe", "Got a new job! It's at Stripe": the job named by where it is
    _raw("en_work_job_is_at", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?:new |current |first |full-time |day )?(?:job|position|role|gig|"
         r"internship|employer|company) (?:now )?(?P<verb>is (?:now )?(?:at|with)|is now|is) " + _EN_OBJ_RAW,
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    # "Got a new job! It's at Stripe": the job the sentence before announced, named by where it is
    _raw("en_work_new_job_it_is", "en", r"^(?P<subj>)it is (?:an? [a-z ]+ )?(?P<verb>at|with) " + _EN_OBJ_RAW, "WORKS_AT",
         "organization", trait="employer", coordinated=False, named_only=True,
         # the announcing sentence is the speaker's own: not "my friend said she got a new job"
         after=re.compile(r"^(?!.*\b(?:said|says|told|tells|she|he|they|her|his|their)\b)"
                          r".*(?:\bnew (?:job|position|role|gig)\b|\bgot (?:a|the) job\b|\bgot hired\b|\bstarted (?:a|my) (?:new )?job\b)")),
    # "Nimbus folded", "the startup I worked at went under": the held employer's own end
    _raw("en_work_company_folded", "en", r"(?:^|(?<=[.!?;,]\s))(?P<subj>)(?P<obj>[a-z0-9][a-z0-9&'\-]*(?: [a-z0-9&'\-]+)?) "
         r"(?:just |finally |officially )?(?P<verb>folded|went under|went bust|went bankrupt|shut down|closed down|closed its doors|"
         r"ran out of money|collapsed)\b", "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False,
         fixed_object="@employer~"),
    # "went back to Google", "rejoined Google": a return to an employer memory knows (not a town)
    *_en_with_bare("en_work_went_back", r"(?:just |finally )?(?P<verb>went back to|came back to|returned to|rejoined|am back at) "
                   r"(?P<obj>[a-z0-9][a-z0-9&'\-]*(?: [a-z0-9&'\-]+){0,2}?)(?=[.,;!?]|$| (?:as|after|for|in|last|this)\b)",
                   "WORKS_AT", "organization", trait="employer", coordinated=False, known_object=True),
    # "Moved from Cisco to Juniper": a move between employers memory knows, not between towns
    *_en_with_bare("en_work_moved_from", r"(?:just |finally )?(?:moved|switched|went|jumped|hopped|transferred) (?P<verb>from) "
                   r"(?P<obj>[a-z0-9][a-z0-9&'\-]*(?: [a-z0-9&'\-]+){0,2}?) to ", "WORKS_AT", "organization", negated=True,
                   trait="employer", coordinated=False, known_object=True),
    *_en_with_bare("en_work_moved_to", r"(?:just |finally )?(?:moved|switched|went|jumped|hopped|transferred) from "
                   r"(?P<from>[a-z0-9][a-z0-9&'\-]*(?: [a-z0-9&'\-]+){0,2}?) (?P<verb>to) " + _EN_OBJ_RAW, "WORKS_AT",
                   "organization", trait="employer", coordinated=False, named_only=True, known_group="from"),
    # a start called off before it began ("Not joining Google after all", "decided not to move to
    # Seattle", "the Seattle move fell through": only a start held ahead, ``@trait^``) and the state
    # kept instead ("I'm staying at Accenture")
    *_en_with_bare("en_work_cancel", r"(?:am |are )?(?:not|no longer) (?P<verb>joining|starting at|starting with|going to work at) "
                   + _EN_OBJ_RAW + r"(?= after all| any ?more|[.,;!]|$)", "WORKS_AT", "organization", negated=True,
                   trait="employer", coordinated=False, fixed_object="@employer^"),
    *_en_with_bare("en_work_decided_not", r"(?:have )?(?:decided|chose) (?P<verb>not to join|not to take the job at|not to work at) "
                   + _EN_OBJ_RAW, "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False,
                   fixed_object="@employer^"),
    _raw("en_work_offer_fell_through", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:the |my |our )?(?P<obj>[a-z][a-z0-9&'\-]*(?: [a-z0-9&'\-]+)?) "
         r"(?:job|offer|position|role) (?P<verb>fell through|was rescinded|got rescinded|is off|was pulled)", "WORKS_AT",
         "organization", negated=True, trait="employer", coordinated=False, fixed_object="@employer^"),
    _raw("en_work_staying_at", "en", _EN_CALLED_OFF_CUE +
         r".*?(?:^|(?<=[\s,;:]))(?P<subj>i|we)(?: am| are| will be)? (?:just )?(?P<verb>staying (?:at|with)) " + _EN_OBJ_RAW,
         "WORKS_AT", "organization", trait="employer", coordinated=False, known_object=True),
    # "I just moved to Denver for a new job at Oracle": the job is why one moved - held, not sought
    _raw("en_work_moved_for_job", "en", _EN_WHO + r" (?:moved|relocated|came (?:here |back )?|am moving|are moving)\b"
         r"[^.;!?]*? (?P<verb>for (?:a |my |the )?(?:new )?(?:job|position|role|gig) (?:at|with)) " + _EN_OBJ_RAW,
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    _en("en_work_gerund", _EN_JOB_VERB + r"(?: [a-z\-]+){0,2}? (?:at|for)", "WORKS_AT", "organization",
        trait="employer", coordinated=False, named_only=True),
    _en("en_school_past", r"used to (?:go|goes) to" + _EN_SCHOOL_AHEAD + r"|used to attend" + _EN_SCHOOL_AHEAD +
        r"|used to (?:study|be a student) at|studied at(?= [^.,;!?]* (?:years ago|back in|before|until|for \w+ years?)\b)" +
        r"|went to(?![^.;]*\b(?:tour|visit|game|match|conference|trip|concert|event|talk|reunion|wedding|"
        r"graduation|ceremony|open house|football|basketball)\b)" + _EN_SCHOOL_AHEAD, "STUDIES_AT", "organization",
        time_hint="past", coordinated=False,
        named_only=True),
    _en("en_work_at_as", r"at(?= [^.,;]+? as (?:an? |the )?[a-z]+)", "WORKS_AT", "organization", trait="employer",
        coordinated=False, named_only=True),
    _en("en_work_at", r"works? (?:in (?:[a-z\-]+ ){1,2}|[a-z]+ly )?(?:at|for)|working (?:[a-z]+ly )?(?:at|for)|joined|started (?:working )?(?:at|for)|"
        r"started (?:my |a )?(?:new )?(?:job|position|role|internship) (?:at|with)|"
        r"got (?:a |an |my |the )?(?:[a-z\-]+ ){0,3}?(?:job|gig|position|role) (?:at|with)|(?:got|was|am|been) hired (?:at|by)|am employed (?:at|by)|"
        r"(?:got|was|been) promoted(?: to(?: [a-z\-]+){1,3}?)? (?:at|by)|got the job (?:at|with)|(?:landed|got) (?:a |an |the |my )?(?:new )?(?:[a-z\-]+ ){0,3}?(?:job|role|position|gig)(?: as an? (?:[a-z\-]+ ){0,2}?[a-z\-]+)? (?:at|with)|"
        r"now work (?:at|for)|works? as an? (?:[a-z\-]+ ){1,3}?(?:at|for)|interning (?:at|with|for)|"
        # "I'm bartending at …": a job told by its work, in the progressive
        r"am (?:bartending|waitressing|waiting tables|barista-ing|nannying|cashiering|temping|freelancing|"
        r"volunteering part-time|subbing|substitute teaching|moonlighting) (?:at|for)|"
        r"am on the (?:[a-z\-]+ ){0,2}?(?:team|staff|faculty|payroll) at|"
        r"jumped ship to|accepted (?:a |the |an )?(?:new )?(?:[a-z\-]+ ){0,3}?(?:position|job|role) (?:at|with)|"
        r"clock in (?:at|for)|punch in at|(?:got|was|been) (?:poached|recruited|headhunted) by|"
        r"(?:am )?(?:an? |the )(?:[a-z\-]+ ){0,2}?" + _EN_JOB_TITLE + r" (?:at|for|with)|"
        r"(?:started|start|began|am starting|am working|work|works) (?:out |off )?as (?:an? |the )(?:[a-z\-]+ ){0,2}?"
        + _EN_JOB_TITLE + r" (?:at|for|with)|"
        r"teach(?:es)? (?:[a-z\-]+ ){0,2}?at", "WORKS_AT", "organization", trait="employer", coordinated=False),
    # stop 33, natural changes told in chat (tests/eval/scenarios): "I accepted an offer from
    # Brightwave Solar", "signed w/ Shopify", "Signed my contract with Delgado Architects"
    *_en_with_bare("en_work_accepted_offer", r"(?![^.!?]*\b(?:start|starts|starting|begin|begins|beginning|start date|first day is)\b)"
                   r"(?:just |finally |officially )?(?P<verb>accepted (?:an|the|a|their|his|her) "
                   r"(?:job |full-time |new |formal )?offer (?:from|at|with)|signed (?:my |the )?(?:contract |offer |offer letter )?"
                   r"(?:with|w/)) " + _EN_OBJ_RAW,
                   # (the lookahead first: a start still ahead, "… and start Monday", is a plan, no claim)
                   "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    # "Orientation week at Cobalt Freight was long", "onboarding at Stripe", "First week at Figma
    # done": a job's first days named by the employer (a school's are a school's: not read here)
    _raw("en_work_first_days_at", "en", r"(?:^|(?<=[.!?:]\s))(?:just |finally |officially )?(?:got through |finished |survived |done with |"
         r"wrapped up |made it through )?(?P<subj>)(?:my |the )?(?:new hire |new-hire )?"
         r"(?P<verb>orientation(?: week| day)?|onboarding(?: week)?|first (?:day|week|month|shift) (?:of work )?) (?:at|with) "
         r"(?!(?:the )?(?:uc |university|college|school|campus|the office|work)\b)"
         r"(?P<obj>[a-z][a-z0-9&'\-]*(?: (?!was\b|is\b|done\b|went\b|finished\b|over\b|complete\b)[a-z0-9&'\-]+){0,3}?)"
         r"(?=[.,;:!?]| [—–-] | (?:was|is|done|went|finished|over|complete|today|yesterday|this week|last week)\b|$)"
         r"(?![^.!?]*\b(?:university|college|semester|campus|classes|lecture)\b)",
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    # "officially a Lisbon resident", "got the keys to our new place in Sheffield", "Signed a lease
    # in Jersey City": a home named by what comes with it
    _raw("en_home_resident", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i'm|i am|we're|we are|now|officially)(?: now| officially)* "
         r"(?:an? )?(?P<obj>[a-z][a-z\-]*(?: [a-z\-]+)?) (?P<verb>resident|residents)\b", "LIVES_IN", "place",
         trait="residence", coordinated=False, typed_only=True),
    *_en_with_bare("en_home_keys_lease", r"(?![^.!?]*\bmov(?:ed|ing)\b)(?:just |finally |officially )?(?P<verb>got the keys to|picked up the keys to|"
                   r"signed (?:a|the|our|my) (?:new )?lease (?:on|for)) (?:a |an |our |my |the )?(?:new )?(?:[a-z\-]+ ){0,2}?"
                   r"(?:place|house|flat|apartment|condo|home|studio|one-bedroom|two-bedroom|townhouse)"
                   r" in " + _EN_OBJ_RAW, "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    *_en_with_bare("en_home_lease_in", r"(?![^.!?]*\bmov(?:ed|ing)\b)(?:just |finally |officially )?(?P<verb>signed (?:a|the|our|my) "
                   r"(?:new )?lease in) " + _EN_OBJ_RAW, "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    # "went with a Volvo XC40 this time", "drove home in a Tesla Model 3": the car one chose
    *_en_with_bare("en_vehicle_went_with", r"(?:just |finally |then )?(?P<verb>went with|drove home in|drove home|drove off in|"
                   r"drove off the lot in|ended up with) (?:a |an |the |my )(?:used |new |brand new |brand-new |certified pre-owned |"
                   r"secondhand |second-hand |leased )?(?P<obj>" + _EN_VEHICLE_NAME + r")", "DRIVES", "vehicle",
                   trait="vehicle", coordinated=False),
    # vehicle
    # "My brother sold me his old F-150", "dad gave me his Camry": a car handed to the user is
    # the user's now (the giver's end is read by en_vehicle_end; lent / loaned is no owning)
    # (the giver is part of the verb: the claim is the user's, whose "me" ends the verb)
    _raw("en_vehicle_given_me", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<verb>(?:my |our )?(?:" + EN_REL + r")(?: [a-z]+)?? "
         r"(?:just |finally |then |kindly )?(?:sold|gave|handed down|passed down|passed on) me) "
         r"(?:his|her|their) (?:old |trusty |used |beloved )?(?P<obj>" + _EN_VEHICLE_NAME + r")", "DRIVES", "vehicle",
         trait="vehicle", coordinated=False),
    _raw("en_vehicle_trade_for", "en", _EN_WHO + r" (?:traded|swapped|exchanged) (?:in )?(?:my |our )?"
         r"[a-z0-9\- ]+? (?:in )?(?P<verb>for) " + _EN_OBJ_RAW, "DRIVES", "vehicle", trait="vehicle",
         coordinated=False),
    _raw("en_vehicle_totaled", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my|our) (?:old )?(?P<obj>[a-z0-9\- ]{2,30}?) "
         r"(?:just )?(?:got|was) (?P<verb>totaled|totalled|stolen|scrapped|written off)", "DRIVES", "vehicle",
         negated=True, trait="vehicle", coordinated=False),
    # "wrote off my Mazda 3 at a roundabout": the driver's own wreck ends the car like "totaled"
    _raw("en_vehicle_wrote_off", "en", r"(?:^|(?<=[.!?:]\s)|(?:^|(?<=[\s,;:(\"']))(?:i|we) )(?P<subj>)(?:just |completely )?(?P<verb>wrote off|totaled|totalled|"
         r"crashed and totaled) (?:my|our) (?:old |poor |beloved )?(?P<obj>" + _EN_VEHICLE_NAME + r")", "DRIVES", "vehicle",
         negated=True, trait="vehicle", coordinated=False),
    _raw("en_vehicle_it_totaled", "en", r"(?:^|(?<=[\s,;:(\"']))(?:it|the car|my car) (?:just )?(?:got |was |is (?:now |completely |officially )?)"
         r"(?P<subj>)(?P<verb>totaled|totalled|stolen|scrapped|written off)(?P<obj>)", "DRIVES", "vehicle",
         negated=True, trait="vehicle", coordinated=False, fixed_object="@vehicle"),
    _raw("en_vehicle_died", "en", r"(?:^|(?<=[\s,;:(\"']))(?:(?P<subj>my|our)|the) (?:old |trusty |beloved |poor )*(?P<obj>" + _EN_VEHICLE_NAME +
         r")(?: (?:just|finally|officially|completely))? (?P<verb>died|gave out|gave up|kicked the bucket|is dead|"
         r"broke down for good|is done for|got towed to the junkyard)", "DRIVES", "vehicle", negated=True,
         trait="vehicle", coordinated=False),
    # "The Jeep Wrangler is gone": a vehicle named, gone
    _raw("en_vehicle_named_gone", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my|our|the) (?:old )?(?P<obj>" + _EN_VEHICLE_NAME +
         r") (?P<verb>is gone|is no more|is history)", "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False),
    # "The Focus finally died", "the old Jeep gave out": a vehicle memory knows, by (part of) its name
    _raw("en_vehicle_known_died", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)the (?:old |poor )?(?P<obj>[a-z0-9\-]+(?: (?!just |finally |officially |completely )[a-z0-9\-]+)?)"
         r"(?: (?:just|finally|officially|completely))? (?P<verb>died|gave out|kicked the bucket|is dead|broke down for good|"
         r"is done for|got totaled|got totalled|was totaled|was totalled|got scrapped|was scrapped)",
         "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False, known_object=True),
    # "I bought a used Honda Fit to replace it / my old car": the car one now drives
    _en("en_vehicle_replacement", r"(?:bought|got|picked up|leased)(?=[^.;!?]* to replace (?:it|her|him|my|our|the)\b)",
        "DRIVES", "vehicle", trait="vehicle", coordinated=False, typed_only=True),
    # "We're officially in Sacramento now", "I'm finally settled in Leeds": a move told as arrival
    # "I'm out of Seattle now": a home left (a place named); "back home in Spokane" the one now
    _en("en_out_of_place", r"am (?:finally )?out of(?=[^.,;]* (?:now|for good|at last)\b)", "LIVES_IN", "place", negated=True,
        trait="residence", coordinated=False, typed_only=True),
    _raw("en_back_home_in", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:i am |we are )?(?:now )?(?P<verb>back home in) " + _EN_OBJ_RAW, "LIVES_IN", "place", trait="residence", coordinated=False,
         named_only=True),
    _en("en_officially_in", r"(?:am|are) (?:now )?(?:officially (?:settled |living |based )?|finally (?:settled|living|based) )in(?! (?:full |complete )?remission\b)", "MOVED_TO", "place",
        trait="residence", coordinated=False, named_only=True),
    _raw("en_vehicle_write_off", "en", _EN_WHO + r" (?P<verb>crashed|wrecked|smashed up|rolled) (?:my|our) (?:old |new )*"
         r"(?P<obj>" + _EN_VEHICLE_NAME + r")(?=[^.!?]*\b(?:write-off|written off|totaled|totalled|total loss|beyond repair)\b)",
         "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False),
    _raw("en_vehicle_gave", "en", _EN_WHO + r" (?P<verb>gave|handed down|passed down|passed on|handed over|signed over) "
         r"(?:my|our) (?:old |trusty |first )*(?P<obj>" + _EN_VEHICLE_NAME + r") to ", "DRIVES", "vehicle", negated=True,
         trait="vehicle", coordinated=False),
    _raw("en_vehicle_it_stolen_by", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:someone|somebody|they|thieves|a thief) "
         r"(?:just )?(?P<verb>stole|totaled|totalled|wrecked) it\b(?P<obj>)", "DRIVES", "vehicle", negated=True,
         trait="vehicle", coordinated=False, fixed_object="@vehicle"),
    _raw("en_vehicle_is", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my|our) (?:new |current |daily )?(?P<kind>car|ride|vehicle|"
         r"truck|bike|motorcycle|scooter|daily driver) (?P<verb>is|is now)(?: an?)? " + _EN_OBJ_RAW, "DRIVES", "vehicle",
         trait="vehicle", coordinated=False, named_only=True),
    _raw("en_vehicle_end_bare", "en", _EN_START + r"(?P<verb>got rid of|sold|traded in|scrapped) " + _EN_OBJ_RAW,
         "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False),
    _en("en_drive_past", r"used to drive|used to ride", "DRIVES", "vehicle", time_hint="past", coordinated=False),
    _en("en_vehicle_end", r"sold|got rid of|traded in|traded|swapped|exchanged|totaled|totalled|scrapped", "DRIVES", "vehicle",
        negated=True, trait="vehicle", coordinated=False),
    # "Someone stole my car last night": the vehicle held, named by its kind
    _raw("en_vehicle_my_car_by", "en", r"(?:^|(?<=[\s,;:(\"']))" + _EN_VEHICLE_AGENT +
         r"(?:just )?(?P<verb>stole|totaled|totalled|wrecked) (?P<subj>my|our) (?:old |new )?(?:car|truck|ride|vehicle|suv|van)\b(?P<obj>)",
         "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False, fixed_object="@vehicle"),
    _raw("en_vehicle_stolen_by", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)" + _EN_VEHICLE_AGENT +
         r"(?:just )?(?P<verb>stole|took|wrecked|totaled|totalled)" + _EN_VEHICLE_AHEAD + r" (?:my|our) " + _EN_OBJ_RAW,
         "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False),
    # "Someone totaled my Fit while it was parked": a vehicle memory knows, by (part of) its name
    _raw("en_vehicle_stolen_known", "en", r"(?:^|(?<=[\s,;:(\"']))" + _EN_VEHICLE_AGENT +
         r"(?:just )?(?P<verb>stole|totaled|totalled|wrecked) (?P<subj>my|our) (?:old |new )?"
         r"(?P<obj>[a-z0-9\-]+(?: [a-z0-9\-]+)?)(?=[.,;!?]|$| (?:while|when|last|yesterday|today|this|in|on|at|and|outside|overnight|from)\b)",
         "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False, known_object=True),
    # "Going car-free for now", "I don't have a car anymore": whatever vehicle is held ends
    *_en_with_bare("en_vehicle_none", r"(?:am |are )?(?:now |officially |just )?(?P<verb>(?:going |gone |living |am |are )?car-?free|"
                   r"carless|(?:do not|no longer) (?:have|own) a car(?= anymore| any more| now|[.,;!]|$)|(?:do not|no longer) drive anymore)(?P<obj>)",
                   "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False, fixed_object="@vehicle"),
    _en("en_vehicle_have", r"(?:have got|have had(?=[^.;]* for\b)|have|own)" + _EN_VEHICLE_AHEAD,
        "DRIVES", "vehicle", trait="vehicle", coordinated=False),
    _raw("en_drive_bare", "en", _EN_START + r"(?P<verb>leased|drive|driving|now driving)" + _EN_VEHICLE_AHEAD + " " + _EN_OBJ_RAW,
         "DRIVES", "vehicle", trait="vehicle", coordinated=False, typed_only=True),
    # (not "drive for Lyft" — a gig, en_gig_for —, "drive to work", "drive home")
    _en("en_drive", r"(?:drives?|driving|now drive)(?! (?:for|to|home|back|around|up|down|through|past|by)\b)|"
        r"rides?|riding|leased|am leasing|lease|(?:been )?commuting in|commute in", "DRIVES", "vehicle",
        trait="vehicle", coordinated=False),
    # pets: start and end (death, rehoming); "pet" holds several values, one per animal
    _raw("en_pet_end", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>our|my) (?:pet |old |sweet |beloved |little )*" + _EN_PET +
         r",? (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+),? (?:just |sadly |finally |has |have )?(?P<verb>died|passed away|passed|"
         r"was put down|had to be put down|was put to sleep|had to be put to sleep|was euthanized|had to be euthanized|ran away|flew away|flew off|ran off|escaped|went missing|is gone|crossed the rainbow bridge|"
         r"is no more|expired)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False),
    _raw("en_pet_end_unnamed", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>our|my) (?:pet |old |sweet |beloved |little )*"
         r"(?P<obj>" + _EN_PET + r") (?:just |sadly |finally |has |have )?(?P<verb>died|passed away|was put down|"
         r"had to be put down|ran away|flew away|flew off|ran off|escaped|went missing|is gone|is no more|expired)", "HAS_PET", "animal", negated=True, trait="pet",
         coordinated=False),
    _raw("en_pet_end_known", "en", r"(?:^|(?<=[.!?]\s))(?:sadly,? |unfortunately,? |so |well,? )?(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) (?:just |sadly |finally |has )?"
         r"(?P<verb>died|passed away|passed(?= (?:on|last|yesterday|this|in|at|peacefully|over the weekend)\b|[.,;!]|$)|"
         r"crossed the rainbow bridge|was put down|had to be put down|was put to sleep|had to be put to sleep|was euthanized|had to be euthanized|ran away|flew away|flew off|ran off|went missing|did not make it|is gone)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, known_object=True),
    # "Ruby got hit by a car and didn't make it": a known pet's mishap, then its death
    _raw("en_pet_end_known_after", "en", r"(?:^|(?<=[.!?]\s))(?:sadly,? |unfortunately,? )?(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) "
         r"(?:got|was|fell|became|had) [^.;!?]{2,40}? and (?:sadly |then )?(?P<verb>did not make it|died|passed away|passed|"
         r"had to be put down|had to be put to sleep)\b", "HAS_PET", "animal", negated=True, trait="pet", coordinated=False,
         known_object=True),
    # "Had to rehome him", "we gave her away": the pet the teller's batch named, ended
    _raw("en_pet_rehomed_pronoun", "en", r"(?:^|(?<=[.!?:]\s)|(?:^|(?<=[\s,;]))(?:i|we) )(?P<subj>)(?:just |finally |sadly |had to |ended up )*"
         r"(?P<verb>rehome|rehomed|rehoming|give away|gave away|giving away|put down)(?: (?:him|her))\b(?P<obj>)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, fixed_object="@pet"),
    # "Turns out it's pneumonia": a condition found, told as what it turned out to be
    _raw("en_health_turns_out", "en", r"(?:^|(?<=[.!?:,]\s))(?P<subj>)(?:turns out|turned out|found out|the diagnosis is|diagnosis:)"
         r" (?:it's |it is |it was |i have |i've got |i had )?(?:a |an )?(?P<verb>)(?P<obj>[a-z][a-z0-9'\- ]{2,30}?)(?=[.,;!?(]|$| and\b)",
         "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    # "Pulmonologist says it's asthma", "Mystery solved: it's hypothyroidism": a diagnosis told as
    # the doctor's verdict (a hedge — might, probably, 可能 — keeps it a suspicion: no claim)
    _raw("en_health_verdict", "en", r"(?:^|(?<=[.!?:,;]\s))(?P<subj>)(?:(?:the |my |our )?(?:doctor|doc|gp|specialist|physician|"
         r"[a-z]*ologist|allergist|ortho|orthopedist|pediatrician|neurologist|cardiologist|dermatologist|tests?|results?|"
         r"(?:blood ?work|bloodwork|blood tests?|the scan|scan|mri|x-ray|biopsy)(?: results?)?)(?: finally| officially| just)?"
         r" (?:says|said|confirmed|confirms|figured out|thinks|reckons|told me|came back(?: and it's| saying)?)|mystery solved:|verdict:|"
         # "it's not IBS at all, it's coeliac disease": the diagnosis corrected
         r"(?:it's|it is) not [a-z0-9'\- ]{2,30}?(?: at all| after all)?,)"
         r" (?:it's |it is |it was |i have |i've got |i had |that i have |that it's )(?:definitely |officially |actually )?(?:a |an )?"
         r"(?!(?:probably|possibly|maybe|likely|just|not|nothing|only|fine|normal|might|could|may)\b)"
         r"(?P<verb>)(?P<obj>[a-z][a-z0-9'\- ]{2,30}?)(?=[.,;!?(]|$| and\b| so\b| but\b)",
         "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    # "Tore my ACL playing five-a-side", "I broke my wrist skiing": an injury is the condition,
    # named the way people name it after (broken wrist, torn acl)
    *(p for verbs, shape in (("broke|fractured|cracked|busted", "broken {}"), ("tore|ruptured", "torn {}"),
                             ("sprained|twisted|rolled", "sprained {}"), ("dislocated", "dislocated {}"))
      for p in _en_with_bare("en_injury_" + shape.split()[0], r"(?:accidentally |badly |somehow )?(?P<verb>" + verbs
                             + r") my (?:left |right )?(?P<obj>" + _EN_INJURY_PART + r")\b(?! (?:screen|case|glasses))",
                             "HAS_CONDITION", "topic", trait="health", coordinated=False, object_template=shape)),
    # "the baby was born on Tuesday", "I gave birth": the pregnancy held ends
    _raw("en_birth", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:i |we )?(?:just |finally )?(?P<verb>gave birth|had the baby|had our baby|"
         r"(?:the |our |my )?(?:baby|son|daughter|little one)(?: (?:girl|boy))?(?: [a-z]+)? (?:was born|is here|arrived))(?P<obj>)",
         "HAS_CONDITION", "topic", negated=True, trait="health", coordinated=False, fixed_object="pregnancy"),
    # "I'm pregnant!", "we're 12 weeks pregnant": a pregnancy is the health state the family asks after
    _raw("en_pregnant", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we) (?:am|are) (?:now |officially |finally |so |very |"
         r"(?:\d+|[a-z]+) (?:weeks?|months?) )*(?P<verb>pregnant)(?P<obj>)\b(?! with (?:his|her|their)\b)", "HAS_CONDITION", "topic",
         trait="health", coordinated=False, fixed_object="pregnancy"),
    # "Doctor put me on iron pills for anemia", "I'm on metformin for my diabetes": treated for it
    _raw("en_health_treated_for", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:put me on|i'm on|i am on|i'm taking|i am taking|started "
         r"(?:on )?|prescribed me|gave me)(?: [a-z0-9\-]+){1,3} (?P<verb>for)(?: my)? (?P<obj>[a-z][a-z0-9'\- ]{2,30}?)(?=[.,;!?(]|$| and\b| so\b| but\b)",
         "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    _raw("en_pet_end_pronoun", "en", r"(?:^|(?<=[.!?]\s))(?P<subj>she|he) (?:just |sadly |finally |has )?"
         r"(?P<verb>died|passed away|passed|was put down|had to be put down|was put to sleep|had to be put to sleep|was euthanized|had to be euthanized|crossed the rainbow bridge)(?P<obj>)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, fixed_object="@pet"),
    _raw("en_pet_appositive", "en", r"^(?:(?:this is|that is|here is|meet|say hi to) )?(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+), (?P<subj>my|our) "
         r"(?:old |little |new |sweet |rescue |senior |(?:\d+|[a-z]+)[- ](?:year|month|week)s?[- ]old )*"
         + _EN_PET + r"(?P<verb>,|[.!]|$)", "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True),
    _raw("en_pet_put_down", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| sadly| recently| had to)* (?P<verb>put) "
         r"(?:my|our) (?:old |sweet |beloved |little )*" + _EN_PET + r",? (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) (?:down|to sleep)", "HAS_PET",
         "animal", negated=True, trait="pet", coordinated=False, named_only=True),
    # "Had to have Barney put down this morning", "we had to have our cat put to sleep": a pet ended
    # through the vet (only a pet is put down: the verb types the name)
    _raw("en_pet_had_put_down", "en", r"(?:^|(?<=[.!?:;,]\s)|(?<=\bi )|(?<=\bwe ))(?P<subj>)(?:just |sadly |finally |recently )?(?:had to|had)"
         r" (?P<verb>have) (?:(?:my|our) (?:old |sweet |beloved |little |poor )*(?:" + _EN_PET + r")?,? ?)?"
         r"(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) (?:put down|put to sleep|euthanized|euthanised)\b", "HAS_PET", "animal", negated=True,
         trait="pet", coordinated=False, verb_types=True),
    # "Barney my old springer has started limping": a pet named, then told as the user's, then what it does
    _raw("en_pet_appositive_subject", "en", r"^(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+),? (?P<subj>my|our) "
         r"(?:old |little |new |sweet |rescue |senior |(?:\d+|[a-z]+)[- ](?:year|month|week)s?[- ]old )*" + _EN_PET
         + r"(?P<verb>) (?=(?:has|is|was|keeps|kept|loves|hates|sleeps|slept|just|always|never|got|stole|ate|started|won't|will not)\b)",
         "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True),
    # "we had to give Luna away": a known pet between the verb and its particle
    _raw("en_pet_give_away_known", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| finally| sadly| recently)?"
         r"(?: had to| decided to| needed to)? (?P<verb>give|gave) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) (?:away|up for adoption)\b",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, known_object=True),
    # "We lost Duke last month": a pet memory knows, lost by name (a known person lost is no pet)
    _raw("en_pet_lost_known", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| sadly| recently)? (?P<verb>lost|had to put down|"
         r"put down) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)(?= last| this| on| in| yesterday| today| a | two| three| recently|[.,;!]|$)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, known_object=True),
    _raw("en_pet_lost", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| sadly| recently)? (?P<verb>lost|had to put down|"
         r"put down) (?:my|our) (?:old |sweet |beloved |little )*" + _EN_PET + r",? (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, named_only=True),
    _en("en_pet_rehome", r"gave away(?! (?:him|her|them)\b)|rehomed(?! (?:him|her|them)\b)|had to rehome(?! (?:him|her|them)\b)|gave up|to give away|to give up|to rehome|found (?:a )?(?:new |good |loving )?home for|gave(?= (?:my|our) [^.,;]*? to )|"
        r"(?:had|decided|needed) to give(?= (?:my|our) [^.,;]*? to )|"
        r"rehome(?= (?:my|our) )", "HAS_PET", "animal", negated=True, trait="pet", coordinated=False),
    _raw("en_pet_named", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we|my (?P<rel>" + EN_REL + r")(?: (?P<pname>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+))?)(?: just| finally| have| recently)* (?P<verb>have|has|got|"
         r"adopted|rescued|brought home|took in|welcomed|am fostering|are fostering|am (?:a |the )?(?:proud )?(?:owner|mom|dad|parent) of) "
         r"(?:a|an|one|our|my|another|a second|a new|a third) (?:new )?"
         r"(?!(?:friend|guy|girl|man|woman|boyfriend|girlfriend|coworker|colleague|son|daughter|baby|kid|brother|"
         r"sister|cousin|neighbor|roommate|boss|teacher|doctor)\b)(?:[a-z\-]+ ){1,3}?(?:named|called) "
         r"(?!(?:him|her|it|them)\b)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "HAS_PET", "animal", trait="pet", coordinated=False),
    # "Biscuit, my 9-year-old beagle, stole a whole chicken", "Duke (my chocolate lab) ate a sock":
    # a name set beside "my" + a kind of animal is the teller's pet
    _raw("en_pet_appositive", "en", r"(?:^|(?<=[.!?]\s))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)(?:,\s|\s\()(?P<verb>my|our) "
         r"(?:[a-z0-9\-]+ ){0,3}?" + _EN_PET + r"(?:[,)]|$)", "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True,
         verb_types=True),
    # "Brought home a pit bull mix named Rosie from the shelter", "and adopted a tabby called Fig":
    # the teller's, told with no subject (a kind of animal before the name)
    _raw("en_pet_named_bare", "en", r"(?:^|(?<=[.!?:]\s)|(?<=\sand\s)|(?<=,\s))(?P<subj>)(?:just |finally |then )?"
         r"(?P<verb>adopted|rescued|brought home|took in|welcomed) (?:a|an|another|a new|a second) (?:new )?(?:[a-z\-]+ ){0,2}?"
         + _EN_PET + r"(?: mix| puppy| kitten)? (?:named|called) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "HAS_PET", "animal",
         trait="pet", coordinated=False),
    # "We have a dog named Rex and a cat named Tom": the next pet of a list the speaker opened
    _raw("en_pet_named_and", "en", r"^(?:i|we)\b(?P<subj>)(?: just| finally| have| recently)* (?:have|got|adopted|rescued|own) "
         r"[^.!?;]*?(?:\b(?:named|called) [a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+|, [a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+,) and (?:an?|one|another) (?:[a-z\-]+ ){0,2}?" + _EN_PET +
         r" (?P<verb>named|called) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "HAS_PET", "animal", trait="pet", coordinated=False),
    _raw("en_pet_name_is", "en", _EN_WHO + r"(?: have| had)? (?P<verb>got|adopted|rescued|brought home|have|took in) "
         r"(?:a|an|another|a new|our|my) (?:new )?(?:[a-z\-]+ ){0,2}?" + _EN_PET + r"(?: [^.;!?]{0,30}?)?[,;]? (?:and )?(?:his|her|its|their) "
         r"(?:name is|name's) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "HAS_PET", "animal", trait="pet", coordinated=False,
         named_only=True),
    _raw("en_pet_named_pronoun", "en", _EN_WHO + r"(?: have| had)? (?:got|adopted|rescued|brought home|took in) "
         r"(?:a|an|another|a new) (?:new )?(?:[a-z\-]+ ){0,2}?" + _EN_PET + r"(?: (?:last|this|yesterday|today|on|in|from)[a-z ]{0,20}?)?,? (?:and )?(?:we |i )?(?P<verb>named|called) (?:him|her|it|them) "
         r"(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True),
    # "I used to have a ferret named Bandit", "we had a dog growing up", "grew up with a beagle":
    # a pet of the past, the relation alone ("had" only with a time that puts it behind)
    _raw("en_pet_past_named", "en", _EN_PAST_HAVER + r"(?:a|an) (?:[a-z\-]+ ){0,2}?" + _EN_PET + r" (?:named|called) "
         r"(?!(?:him|her|it|them)\b)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "HAS_PET", "animal", time_hint="past",
         coordinated=False),
    _raw("en_pet_past_kind", "en", _EN_PAST_HAVER + r"(?:a|an|two|three) (?:[a-z\-]+ ){0,2}?(?P<obj>" + _EN_PET + r")s?"
         r"(?![a-z\-]| (?:named|called|allergy|sitter|walker|food|bed|hair|person|door)\b)", "HAS_PET", "animal",
         time_hint="past", coordinated=False),
    _raw("en_pet_meet", "en", r"(?:^|(?<=[.!?]\s)|(?<=\s[-–—]\s)|(?<=[,;:]\s))(?P<subj>)(?P<verb>meet|say hi to|say hello to) "
         r"(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+),? "
         r"(?:our|my) (?:new )?(?:little )?(?:[a-z\-]+ )?" + _EN_PET + r"\b", "HAS_PET", "animal", trait="pet",
         coordinated=False, named_only=True),
    _raw("en_pet_lost_pronoun", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| sadly| recently)? (?P<verb>lost|had to put down|"
         r"put down|had to rehome|rehomed|gave away|(?:ended up|had to|decided to) (?:rehoming|rehome|giving away|give away)) "
         r"(?:him|her)(?P<obj>)", "HAS_PET", "animal", negated=True,
         trait="pet", coordinated=False, fixed_object="@pet"),
    _raw("en_pet_comma", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| finally| have)* (?P<verb>got|adopted|"
         r"rescued|have|brought home) (?:a|another|a second|a new|a third|our|my) (?:new )?" + _EN_PET +
         r",? (?!(?:now|too|again|already|anymore|though|lol|haha)\b)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)(?=[,.!;]|$| in | last| this| yesterday| today)",
         "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True),
    _raw("en_pet_several", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| finally| now)* (?P<verb>have|adopted|got|"
         r"rescued|own) (?:two|three|four|2|3|4) (?:cats|dogs|kittens|puppies|rabbits|hamsters|birds|parrots|turtles|"
         r"guinea pigs)[,:]? (?P<obj>[a-z][a-z'\-]+(?:,? (?:and )?[a-z][a-z'\-]+)+)", "HAS_PET", "animal", trait="pet",
         named_only=True),
    _raw("en_pet_several_mine", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my|our) (?P<verb>two|three|four|2|3|4) (?:cats|dogs|kittens|"
         r"puppies|rabbits|hamsters|birds|parrots|turtles|guinea pigs)[,:]? (?P<obj>[a-z][a-z'\-]+(?:,? (?:and )?[a-z][a-z'\-]+)+)",
         "HAS_PET", "animal", trait="pet", named_only=True),
    # "picked up Dusty from the RSPCA", "brought Nova home from the shelter": a named animal
    # taken in from where animals are rehomed (no purchase of a product called Dusty)
    _raw("en_pet_from_shelter", "en", r"(?:^|(?<=[\s,;:(\"']))(?:(?:i|we) )?(?P<subj>)(?:just |finally |officially )?"
         r"(?P<verb>picked up|collected|adopted|rescued|brought home|got|brought) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)(?: home)? from (?:the |a |our )?"
         r"(?:local )?(?:shelter|rspca|spca|rescue|pound|breeder|humane society|animal rescue|dogs trust|cats protection|"
         r"battersea|rescue centre|rescue center|adoption centre|adoption center)\b", "HAS_PET", "animal", trait="pet",
         coordinated=False, named_only=True),
    # "We adopted a dog from the shelter! His name is Pepper": the animal the speaker's sentence
    # before brought home, named in the next one
    _raw("en_pet_name_next", "en", r"^(?P<subj>)(?:and )?(?:his|her|its|their) (?P<verb>name is|name's) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)",
         "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True, after=_EN_PET_ANNOUNCED),
    # "I'm dating someone. Her name's Tasha", "new boyfriend. His name is Anders": the person the
    # speaker's sentence before announced as a partner, named in the next one
    _raw("en_partner_apposed", "en", _EN_WHO + r" (?:am |are )?(?:officially |now )?(?P<verb>seeing|dating) (?:someone|somebody)(?: new)?, "
         r"(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)(?=[,.!;]|$| and\b)", "DATING", "person", trait="partner", coordinated=False, named_only=True),
    _raw("en_partner_name_next", "en", r"^(?P<subj>)(?:and )?(?:his|her|their) (?P<verb>name is|name's) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)",
         "DATING", "person", trait="partner", coordinated=False, named_only=True, after=_EN_PARTNER_ANNOUNCED),
    # ("got a lab puppy for christmas! named him Bruno": the subject left out, as in chat)
    _raw("en_pet_named_next", "en", r"^(?:so |and )?(?:(?:i|we) (?:have )?)?(?P<subj>)(?P<verb>named|called) (?:him|her|it|them) "
         r"(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True,
         after=_EN_PET_ANNOUNCED),
    # "Adopted a tabby from the shelter on Saturday, we named him Gus": the kind, then its name
    _raw("en_pet_got_then_named", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we) (?:just |finally |recently )?(?:got|adopted|rescued|brought home|"
         r"took in) (?:a|an) (?:new )?(?:little )?" + _EN_PET + r"\b[^.!?]{0,60}?,? (?:and )?(?:we|i) (?P<verb>named|called) "
         r"(?:him|her|it) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True),
    _raw("en_pet_is_named", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my|our) (?:new |little )?" + _EN_PET +
         r"(?:'s name)? (?P<verb>is named|is called|is) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)(?=[.!,;]|$)", "HAS_PET", "animal",
         trait="pet", coordinated=False, named_only=True),
    _raw("en_pet_get", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we|my (?P<rel>" + EN_REL + r")(?: (?P<pname>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+))?)(?: just| finally| have)* (?P<verb>got|adopted|"
         r"rescued|brought home|took in) (?:a|an|another|a second|a new|two) (?:new )?(?:little )?"
         r"(?P<obj>" + _EN_PET + r")(?![a-z])", "HAS_PET", "animal", trait="pet", coordinated=False),
    # "I have a parrot now", "we own two cats": a pet kind held, when the clause ends with it (not
    # "a dog allergy", "a cat sitter", "a dog in the fight")
    _raw("en_pet_have", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we|my (?P<rel>" + EN_REL + r")(?: (?P<pname>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+))?)"
         r"(?: also| now| still| both)* (?P<verb>have|own) (?:a|an|two|three|a new|another) (?:new |little |sweet |rescue |senior )?"
         r"(?P<obj>" + _EN_PET + r")(?=\s*(?:$|[.,!;]| now\b| too\b| as well\b| named\b| called\b| and\b| who\b| that\b| at home\b))",
         "HAS_PET", "animal", trait="pet", coordinated=False),
    # relationship (partner / spouse: exclusive), school (exclusive), health (several at once)
    # "We said goodbye to our cat Tigger": a pet's death told as the farewell
    _raw("en_pet_goodbye", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: just| finally| sadly)?(?: had to)? (?P<verb>said goodbye to|say goodbye to|"
         r"lost) (?:our|my) (?:sweet |old |beloved |little )*(?:" + _EN_PET + r"),? (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, named_only=True),
    # "My contract with Pfizer ended", "my contract at X wasn't renewed": the job ended
    _raw("en_contract_ended", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my|our) contract (?:with|at) " + _EN_NAME_SPAN +
         r" (?:just |finally |officially )?(?P<verb>ended|ran out|expired|was not renewed|did not get renewed|is over|was up)",
         "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False, named_only=True),
    # "moved back home to Pittsburgh after four years in Denver": the years there are a past home
    _raw("en_years_in", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:after|following) (?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|"
         r"a few|several|many|a couple of|a couple) )?(?:years|months) (?P<verb>in) " + _EN_NAME_SPAN + r"(?=[.,;!?]|$| and | so | but )",
         "LIVES_IN", "place", time_hint="past", coordinated=False, named_only=True),
    # "I'm officially the proud owner of a Mazda CX-5": ownership
    _raw("en_proud_owner", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i) am (?:now |officially |finally )*(?:the )?(?:proud |new |happy )*"
         r"(?P<verb>owner of) (?:a|an) " + _EN_OBJ_RAW, "OWNS", "product", coordinated=False, typed_only=False, named_only=True),
    # "I left Wayfair for a product role at HubSpot": the old job ended, the new one started
    _raw("en_left_for_role", "en", _EN_WHO + r" (?:just |finally )?left " + _EN_NAME_SPAN.replace("(?P<obj>", "(?P<old>") +
         r" for (?:a|an|the) (?:[\w-]+ ){0,3}?(?:role|job|position|gig|spot|offer) (?P<verb>at|with) " + _EN_NAME_SPAN,
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    # "I actually grew up there": the hometown the batch named
    _raw("en_grew_up_there", "en", _EN_WHO + r" (?:actually |originally |also )?(?P<verb>grew up|was born|was raised) (?P<obj>there)\b",
         "IS_FROM", "place", trait="hometown", coordinated=False),
    # "because I developed asthma": a condition that began
    _raw("en_developed", "en", _EN_WHO + r" (?:just |recently |also )?(?P<verb>developed|came down with) " + _EN_OBJ_RAW,
         "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    # "now that we've moved into a bigger place in Raleigh": a move told mid-sentence
    _raw("en_moved_into_who", "en", _EN_WHO + r" (?:have |had )?(?:just |finally |recently |officially )?(?P<verb>moved into "
         r"(?:a |an |our |my |the )?(?:(?:own|first|new|little|small|tiny|bigger|cute|nice|cheaper|cozy|[a-z0-9]+-bedroom) )*"
         r"(?:apartment|place|house|flat|condo|home|studio)(?: [a-z]+)? in) " + _EN_OBJ_RAW, "MOVED_TO", "place", trait="residence",
         coordinated=False),
    # "we're finally in the new house in Merewether": moved, told as being in the new home
    _raw("en_in_new_home", "en", _EN_WHO + r" (?:am|are) (?:finally |now |officially |all |fully )*(?P<verb>in (?:the|our|my) new "
         r"(?:house|place|flat|apartment|home|unit|condo|digs|rental) in) " + _EN_OBJ_RAW, "MOVED_TO", "place", trait="residence",
         coordinated=False),
    # "our cat has already claimed the laundry basket": an unnamed pet told as the subject
    _raw("en_our_pet_subject", "en", r"(?:^|(?<=[.!?,;:]\s)|(?<=\band ))(?P<subj>)(?:our|my) (?P<obj>" + _EN_PET + r") "
         r"(?P<verb>has|is|keeps|loves|hates|sleeps|already|just|always|never)\b"
         r"(?![^.!?]*\b(?:died|passed away|put down|put to sleep|ran away|went missing|rehomed|gone)\b)",
         "HAS_PET", "animal", trait="pet", coordinated=False),
    # "The specialist ruled out asthma": a condition denied
    _raw("en_ruled_out", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:the |my )?(?:doctor|doctors|specialist|tests?|scan|dermatologist|"
         r"cardiologist|neurologist|results?|biopsy)(?: finally| officially)? (?P<verb>ruled out) " + _EN_OBJ_RAW,
         "HAS_CONDITION", "topic", negated=True, trait="health", coordinated=False, typed_only=True),
    # "My diploma from Temple University finally came": a school finished
    _raw("en_diploma_from", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?P<verb>diploma|degree) from " + _EN_NAME_SPAN +
         r"(?= (?:finally |just )?(?:came|arrived|showed up|is|was)\b)", "STUDIES_AT", "organization", negated=True, trait="school",
         coordinated=False, named_only=True),
    # "I'm officially on the design team at Figma": a job by its team
    _raw("en_on_team", "en", _EN_WHO + r" (?:am|are) (?:now |officially |finally )*(?:on|part of) the (?:[\w-]+ ){0,3}team "
         r"(?P<verb>at|with) " + _EN_NAME_SPAN + r"(?=[.,;!?]|$| now| and| since| as| \W)", "WORKS_AT", "organization",
         trait="employer", coordinated=False, named_only=True),
    # "Barty is officially ours!": a pet memory knows, adopted
    _raw("en_pet_is_ours", "en", r"(?:^|(?<=[.!?:—-]\s))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) is (?:officially |finally |now )*(?P<verb>ours|mine)\b",
         "HAS_PET", "animal", trait="pet", coordinated=False, known_object=True),
    # "we got a puppy!! a corgi named Waffles": the name told after the kind
    _raw("en_pet_named_after", "en", r"^(?P<subj>)(?:a |an |our |my )?(?:little |new )?(?:" + _EN_PET + r") (?P<verb>named|called) "
         r"(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True,
         after=_EN_PET_ANNOUNCED),
    # "Now I'm at AMD": where one works now (typed: "now I'm at the airport" names no employer)
    _raw("en_now_at", "en", r"(?:^|(?<=[.!?,;:]\s))(?:(?:so|and|but|well|yeah|yep|nope|no),? )?(?P<subj>i|we)(?: am| are) (?:now|currently|these days|still) (?P<verb>at) " + _EN_NAME_SPAN +
         r"(?=[.,;!?]|$| now| and| as| for now)", "WORKS_AT", "organization", trait="employer", coordinated=False, typed_only=True),
    _raw("en_now_at_lead", "en", r"(?:^|(?<=[.!?,;:]\s))(?:now|these days|currently|for now),? (?P<subj>i|we) (?:am|are) (?:still )?(?P<verb>at) " + _EN_NAME_SPAN +
         r"(?=[.,;!?]|$| and| as)", "WORKS_AT", "organization", trait="employer", coordinated=False, typed_only=True),
    # a group-chat update with the subject dropped: "Still at Wipro, still in Pune, nothing new"
    # a list of news with no verb: "Quick update: new apartment in Stockholm, new job at Spotify"
    _raw("en_new_job_at_bare", "en", r"(?:^|(?<=[.!?:,;]\s))(?P<subj>)(?:and )?(?:a |my )?(?P<verb>new (?:job|role|position|gig) (?:at|with)) "
         + _EN_NAME_SPAN + r"(?=[.,;!?]|$| and\b| as\b)", "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    _raw("en_new_home_in_bare", "en", r"(?:^|(?<=[.!?:,;]\s))(?P<subj>)(?:and )?(?:a |my |our )?(?P<verb>new (?:apartment|place|flat|house|home|condo) in) "
         + _EN_NAME_SPAN + r"(?=[.,;!?]|$| and\b)", "LIVES_IN", "place", trait="residence", coordinated=False, named_only=True),
    _raw("en_still_at_bare", "en", r"(?:^|(?<=[.!?:,]\s))(?P<subj>)still (?P<verb>at|with) " + _EN_NAME_SPAN + r"(?=[.,;!?]|$| and\b)",
         "WORKS_AT", "organization", trait="employer", coordinated=False, typed_only=True),
    _raw("en_still_in_bare", "en", r"(?:^|(?<=[.!?:,]\s))(?P<subj>)still (?P<verb>in|living in|based in) " + _EN_NAME_SPAN + r"(?=[.,;!?]|$| and\b)",
         "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    # "Been a huge Celtics fan since I was six": a fan of a named team, band or show likes it
    _raw("en_fan_of_name", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: have| had)?(?: always| also| still)? (?:am|been|was) "
         r"(?:a |an )?(?:huge |big |massive |lifelong |die-hard |diehard |longtime |long-time |total )*"
         r"(?P<obj>[a-z0-9][a-z0-9'&\-]*(?: [a-z0-9][a-z0-9'&\-]*){0,2}?) (?P<verb>fan)\b", "LIKES", "topic",
         trait="preference", coordinated=False, named_only=True),
    _raw("en_split_name", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) and i (?:just |finally |officially )?"
         r"(?P<verb>split up|broke up|broke (?:things|it) off|separated|split(?! up)|called it off|called it quits|went (?:our )?separate ways|"
         r"ended things|are done|are over|are through|are finished)", "DATING", "person", negated=True,
         trait="partner", coordinated=False, named_only=True),
    # "Mark and I are officially divorced", "Sam and I got divorced in May": the marriage ended
    _raw("en_divorced_name", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) and i (?:just |finally |officially )?"
         r"(?P<verb>(?:are|got|have been|were) (?:now |finally |officially )?divorced|finalized (?:our|the) divorce)", "MARRIED_TO", "person",
         negated=True, trait="spouse", coordinated=False, named_only=True),
    _raw("en_dumped_me", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) (?:just |finally )?"
         r"(?P<verb>dumped me|broke up with me|left me(?=\s*(?:[.,;!?]|$|for\b))|ghosted me and we are done)", "DATING", "person", negated=True,
         trait="partner", coordinated=False, named_only=True),
    # "My divorce from Kevin was finalized today": the marriage to the one named ends
    _raw("en_divorce_final", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?P<verb>divorce) (?:from|with) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)"
         r"(?= (?:was|is|got|has been|became) (?:finally |officially )?(?:finali[sz]ed|final|official|done|through))",
         "MARRIED_TO", "person", negated=True, trait="spouse", coordinated=False, named_only=True),
    _raw("en_proposal_yes", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i) (?P<verb>proposed to) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)"
         r"(?= and (?:she|he|they) said yes)", "DATING", "person", trait="partner", coordinated=False, named_only=True),
    _raw("en_proposed_yes", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) (?P<verb>proposed)(?: to me)?"
         r"(?=(?: (?:last|this|on|at|yesterday|today|over)[a-z ]{0,20}?)?,? and i said yes)", "DATING", "person", trait="partner", coordinated=False, named_only=True),
    _raw("en_engaged_name", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) and i (?:just |finally |officially )?"
         r"(?P<verb>got engaged|are engaged|are dating|are courting|started dating|got together|are together(?: now)?|have been together|"
         r"hit (?:\w+ )?(?:years?|months?) together|just hit (?:\w+ )?(?:years?|months?)|"
         r"been together|have been dating|moved in together)", "DATING",
         "person", trait="partner", coordinated=False, named_only=True),
    _raw("en_partner_named", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i) (?:(?:now )?(?:have|got|found) (?:a|an) (?:new )?(?P<kind>boyfriend|"
         r"girlfriend|partner)(?: now)?|(?:have )?(?:started seeing|am seeing|been seeing|started dating|am dating|met) "
         r"(?:someone|somebody|a guy|a girl|a man|a woman)(?: new| special)?(?: though| too| now| actually)?)[,;]? (?:and )?(?:his|her|their) (?P<verb>name is) "
         r"(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "DATING",
         "person", trait="partner", coordinated=False, named_only=True),
    # "Sofia is officially my girlfriend", "Priya's my fiancée now", "Mark is now my husband!": the
    # one named is the partner (a wife or husband the spouse: ``kind``, as for "my wife Anna")
    _raw("en_named_is_my_partner", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)(?: is|'s) "
         r"(?:now |officially |finally |also )*my (?:new (?!wife|husband))?"
         r"(?P<verb>(?P<kind>girlfriend|boyfriend|partner|gf|bf|fianc[eé]e?|wife|husband))"
         r"(?=\s*(?:now|officially)?\s*(?:[.,;!?]|$|and\b|💍|❤|🥰|😍))", "DATING", "person", trait="partner",
         coordinated=False, named_only=True),
    _raw("en_married_name", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) and i (?:just |finally |quietly |officially |secretly )?"
         r"(?P<verb>got married|are married|married|tied the knot|got hitched)", "MARRIED_TO", "person", trait="spouse",
         coordinated=False, named_only=True),
    _raw("en_we_split", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>we) (?:just |finally |officially )?(?:have )?"
         r"(?P<verb>split up|broke up|separated|called it off|called it quits|went our separate ways)(?P<obj>)", "DATING",
         "person", negated=True,
         trait="partner", coordinated=False, fixed_object="@partner"),
    # "We divorced two years ago": the marriage the batch told ends (none told, nothing said)
    _raw("en_we_divorced", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>we) (?:just |finally |officially |eventually )?(?:have )?"
         r"(?P<verb>got divorced|divorced|are divorced|are now divorced|finalized (?:the|our) divorce|finalised (?:the|our) divorce)"
         r"(?P<obj>)", "MARRIED_TO", "person", negated=True, trait="spouse", coordinated=False, fixed_object="@spouse"),
    _raw("en_we_married", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>we) (?:just |finally |officially )?"
         r"(?P<verb>got married|are married now|tied the knot)(?P<obj>)", "MARRIED_TO", "person",
         trait="spouse", coordinated=False, fixed_object="@partner"),
    _raw("en_split_role_name", "en", _EN_WHO + r" (?P<verb>broke up with|split up with|split with|dumped|stopped seeing) "
         r"(?:my )?(?P<kind>boyfriend|girlfriend|partner|fianc[eé]e?),? (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "DATING", "person",
         negated=True, trait="partner", coordinated=False, named_only=True),
    _raw("en_divorce_role_name", "en", _EN_WHO + r" (?P<verb>divorced|separated from|got divorced from) "
         r"(?:my )?(?P<kind>husband|wife|spouse),? (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "MARRIED_TO", "person",
         negated=True, trait="spouse", coordinated=False, named_only=True),
    _raw("en_divorce_name", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) and i (?:just |finally |officially )?"
         r"(?P<verb>got divorced|are divorced|divorced|finalized our divorce|finalised our divorce)", "MARRIED_TO", "person",
         negated=True, trait="spouse", coordinated=False, named_only=True),
    _raw("en_partner_name_is", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?P<kind>boyfriend|girlfriend|partner|husband|wife|"
         r"fianc[eé]e?)(?P<verb>'s name is|'s name's| is called| is named) (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "DATING", "person",
         trait="partner", coordinated=False, named_only=True),
    _en("en_divorce", r"got divorced from|divorced|separated from", "MARRIED_TO", "person", negated=True,
        trait="spouse", coordinated=False),
    _en("en_relationship_end", r"broke up with|split up with|split with|dumped|stopped seeing|ended things with|"
        r"broke it off with|called it off with|called off (?:the|my) engagement (?:with|to)", "DATING",
        "person", negated=True, trait="partner", coordinated=False),
    _raw("en_married_role", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i)(?: just| finally)? (?P<verb>married|got married to) "
         r"(?:my |our )(?:[a-z\-']+ ){0,3}?(?:sweetheart|boyfriend|girlfriend|partner|fianc[eé]e?|love|crush|friend)"
         r",? (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "MARRIED_TO", "person", trait="spouse", coordinated=False, named_only=True),
    # "I was married to Derek for six years": a past marriage, the relation alone (as "used to live in")
    _en("en_married_past", r"was married to|used to be married to", "MARRIED_TO", "person",
        time_hint="past", coordinated=False),
    _en("en_married", r"got married to|am married to|been married to|married to|married", "MARRIED_TO", "person", trait="spouse",
        coordinated=False),
    _en("en_dated_past", r"dated(?: a (?:guy|girl|man|woman|boy) (?:named|called))?", "DATING", "person", time_hint="past",
        coordinated=False),
    _en("en_dating", r"(?:am|is|are|been|was|were) dating(?: a (?:guy|girl|man|woman|boy) (?:named|called))?|started dating|am seeing|"
        r"(?:am|is|are|been) courting|"
        r"(?:(?<=not )|(?<=no longer ))(?:seeing|dating)(?= [a-z]+ any ?more\b)|"
        r"been seeing|started seeing|(?:am|is|are) in a relationship with|got together with|got engaged to|(?:am|is|are) engaged to|"
        r"(?:am|is|are) going out with|been going out with|started going out with", "DATING", "person", trait="partner", coordinated=False),
    _raw("en_health_free", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i) am (?:now |finally |officially |still )?"
         r"(?P<obj>[a-z0-9']+)(?P<verb>-free)", "HAS_CONDITION", "topic", negated=True, trait="health", coordinated=False),
    # "Five years cancer-free as of today!": a held condition (by a related word) ended, told bare
    _raw("en_health_free_bare", "en", r"(?:^|(?<=[.!?]\s))(?P<subj>)(?:(?:officially|finally|now|still|one year|two years|three years|"
         r"four years|five years|ten years|\d+ (?:years?|months?))\s+)*(?P<obj>[a-z0-9']+)(?P<verb>-free)\b",
         "HAS_CONDITION", "topic", negated=True, trait="health", coordinated=False, fixed_object="@health~"),
    # "I'm officially in remission!": the condition held (the newest) is in remission
    *_en_with_bare("en_health_remission", r"(?:am |are )?(?:now |officially |finally |still )*(?P<verb>in (?:full |complete )?remission)"
                   r"(?P<obj>)(?! from)", "HAS_CONDITION", "topic", negated=True, trait="health", coordinated=False,
                   fixed_object="@health"),
    # "My dengue is fully cured now": the condition said of one's own, cured
    _raw("en_health_my_cured", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?P<obj>[a-z][a-z0-9'\- ]{1,30}?) (?:is|has been|got) (?:now |finally |fully |completely |totally )*"
         r"(?P<verb>cured|healed|gone|cleared up|resolved)\b", "HAS_CONDITION", "topic", negated=True, trait="health",
         coordinated=False, typed_only=True),
    _en("en_health_end", r"recovered from|am in remission from|in remission from|got over|am over(?: the| my)?|over(?= (?:the|my) )|am cured of|no longer have|beat|kicked",
        "HAS_CONDITION", "topic", negated=True, trait="health", coordinated=False),
    _raw("en_health_gone", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my|the) (?P<obj>(?:(?!\bmy\b|\bthe\b)[a-z0-9\- ]){2,30}?) (?:(?:is|are|has|have) )?"
         r"(?:finally |completely |totally |fully |mostly |just |now |officially )*(?P<verb>gone|cleared up|went away|disappeared|healed|"
         r"stopped|is over|in remission|went into remission|resolved)", "HAS_CONDITION", "topic",
         negated=True, trait="health", coordinated=False),
    _raw("en_health_mine", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my(?: (?P<rel>" + EN_REL + r")'s?)?) (?P<obj>" + _EN_CONDITION_WORDS + "|" + EN_BODY_CONDITION +
         r"|[a-z\-]+(?:itis|disease|syndrome|disorder|allergy|allergies))(?P<verb>'s been|'s acting up|"
         r" (?:is|has been|have been|keeps|kept|flares|flared|acts|acted|is acting|was acting|gets|got|is getting|is under|"
         r"are back|is back|came back|have come back|has come back|returned|"
         r"is much|has gotten|is killing|is bad|was bad|is worse|is flaring))\b"
         r"(?! (?:finally |completely |totally |fully |mostly |almost |just |now |officially )*(?:gone|cleared|better|healed|over|"
         r"cured|disappeared|in remission|into remission|resolved|went away))",
         "HAS_CONDITION", "topic", trait="health", coordinated=False),
    _raw("en_health_it_gone", "en", r"(?:^|(?<=[.!?]\s))(?P<subj>)it (?:has |have )?(?:finally |completely |totally |just )*"
         r"(?P<verb>cleared up|went away|is gone|healed|has healed|resolved)(?P<obj>)", "HAS_CONDITION", "topic",
         negated=True, trait="health", coordinated=False, fixed_object="@health"),
    # "my blood pressure is back to normal", "my knee doesn't hurt anymore": a recovery told by
    # a measurement or a body part ends the held condition it stands for (names.related_condition)
    _raw("en_health_normal", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?P<obj>[a-z0-9][a-z0-9\- ]{1,24}?)(?:'s| is| are| has been| have been|)"
         r" (?:finally |now |all |completely |fully |totally |back )*(?P<verb>back to normal|normal again|(?:back )?in the normal range|"
         r"(?:does ?n[o']t|do ?n[o']t) hurt any ?more|stopped hurting|no longer hurts?|(?:is |are )?fine now|normal(?= now\b| and\b|[.,;!]|$))\b",
         "HAS_CONDITION", "topic", negated=True, trait="health", coordinated=False, fixed_object="@health~"),
    # "I'm allergic to cats": the allergy is the condition, named with its allergen
    _raw("en_allergic", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|my (?P<rel>" + EN_REL + r"))(?: am| is| are| have been| has been| was| have always been| turned out to be)?"
         r"(?: (?:severely|very|deathly|mildly|really|super|so))? (?P<verb>allergic to) "
         r"(?:most |some |all |many |certain |a few |a lot of |lots of )?(?P<obj>[a-z][a-z\- ]{1,20}?)"
         r"(?=[.,;!?]|$| and | so | but | which | too\b)", "HAS_CONDITION", "topic", trait="health", coordinated=False,
         object_template="{} allergy"),
    # "I used to have asthma", "had eczema as a kid": a condition of the past, the relation alone
    _raw("en_health_past", "en", _EN_PAST_HAVER + r"(?!(?:in|at|to|on|a|an|the|my|our|his|her|some|it|this|that|fun|no|one|two|been|to)\b)"
         r"(?P<obj>[a-z0-9' \-]{2,30}?)(?= (?:as|when|growing|in|back|years|for)\b|[.,;!?]|$)"
         + r"(?<!\bkid)", "HAS_CONDITION", "topic", time_hint="past", coordinated=False, typed_only=True),
    _en("en_health", r"was diagnosed with|got diagnosed with|have been diagnosed with|diagnosed with|suffer from|am suffering from|"
        r"was told i have|tested positive for|am dealing with|been dealing with|struggle with|"
        r"am struggling with|dealing with|have dealt with|dealt with(?= [^.,;]* since\b)|came down with|am recovering from|recovering from|am still recovering from|caught" + _EN_CONDITION_AHEAD + r"|got" + _EN_CONDITION_AHEAD +
        r"|live with" + _EN_CONDITION_AHEAD + r"|living with" + _EN_CONDITION_AHEAD + r"|(?:have|has) got" +
        _EN_CONDITION_AHEAD + r"|have had" +
        _EN_CONDITION_AHEAD + r"|has had" + _EN_CONDITION_AHEAD + r"|(?:have|has)" + _EN_CONDITION_AHEAD,
        "HAS_CONDITION", "topic", trait="health", coordinated=False),
    # residence and origin
    _raw("en_moved_from", "en", _EN_WHO + r" (?:moved|relocated) (?P<verb>from) (?P<obj>[^.,;:!?\"()]+?) to ",
         "LIVES_IN", "place", time_hint="past", coordinated=False),
    _raw("en_moved_here_from", "en", _EN_WHO + r" (?:moved|relocated|came) (?:here |over |out )?(?P<verb>from) "
         + _EN_OBJ_RAW, "LIVES_IN", "place", time_hint="past", coordinated=False, named_only=True),
    _raw("en_moved_to_from", "en", _EN_WHO + r" (?:moved|relocated) (?:back )?to [^.,;:!?\"()]+? (?P<verb>from) "
         + _EN_OBJ_RAW, "LIVES_IN", "place", time_hint="past", coordinated=False, named_only=True),
    _raw("en_call_home", "en", _EN_WHO + r" (?:now )?(?P<verb>call) (?P<obj>[a-z][a-z' \-]{1,30}?) home\b", "LIVES_IN", "place",
         trait="residence", coordinated=False, named_only=True),
    # English as the world writes it: "I am working in Grab since 2021", "doing job in Emirates NBD",
    # "from last week I am in Deloitte" (a listed employer), "my native place is Kerala",
    # "now I am staying in Pune" (a home when told as lasting), "used to stay in Hanoi"
    _raw("en_native_place", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?P<verb>native place is|native place was|native town is|native is|"
         r"hometown is) " + _EN_OBJ_RAW, "IS_FROM", "place", trait="hometown", coordinated=False, named_only=True),
    _en("en_staying_in", r"(?:am|are|have been|been) (?:now |currently |still |permanently )?staying in(?=[^.;!?]*"
        r"\b(?:now|since|from|for \w+ (?:years|months)|with my family|permanently|these days)\b|(?<=now i am staying in)|"
        r"(?<=currently staying in))(?![^.,;!?]* (?:hotel|hostel|airbnb|guest ?house|resort)\b)", "LIVES_IN", "place",
        trait="residence", coordinated=False, named_only=True),
    _en("en_used_to_stay", r"used to stay in", "LIVES_IN", "place", time_hint="past", coordinated=False, named_only=True),
    # "I've been in Bengaluru since 2019": a stay since a year or since childhood is a home, also of a place
    # no list types (en_been_in, after it, takes listed places only; a stay "since Monday" or "for two weeks" may be a trip: not taken)
    _en("en_been_in_since", r"(?:(?<=have )|(?<=has )|(?<='ve ))been in(?=[^.,;!?]* since (?:\d{4}|(?:i|we) (?:was|were) "
        r"(?:a kid|little|young|\d+)|childhood|birth|forever|college|uni|university)\b)", "LIVES_IN", "place",
        trait="residence", coordinated=False, named_only=True),
    # (a stay counted in days or since a weekday is a trip: "been in Lagos since Monday for a conference")
    _en("en_been_in", r"been in(?=[^.,;]* (?:for|since) )(?![^.,;]* since (?:monday|tuesday|wednesday|thursday|friday|saturday|"
        r"sunday|yesterday|last night|this morning|the weekend|the conference)\b)(?![^.,;]* for (?:a |the |two |three |four |five |"
        r"a few |a couple of |few )?(?:day|days|night|nights|week|weeks|weekend|conference|work|business|meeting|meetings|wedding)\b)",
        "LIVES_IN", "place", trait="residence",
        coordinated=False, typed_only=True),
    _raw("en_from_bare", "en", _EN_START + r"(?P<verb>born and raised in|grew up in|raised in|originally from) " + _EN_OBJ_RAW,
         "IS_FROM", "place", trait="hometown", coordinated=False),
    # -- states told as a side remark (dev20) ----------------------------------------------------
    # "Our place in Oakland is tiny", "my apartment in Queens": where one's home is
    # (and "unpacked the last box in our new apartment in Austin", "our lease in Park Slope": the
    # clause may end there; not a home missed, left or moved out of)
    _raw("en_home_in", "en", r"(?:^|(?<=[\s,;:(\"']))(?<!miss )(?<!missed )(?<!left )(?<!sold )(?<!leaving )(?<!of )(?<!from )"
         r"(?P<subj>our|my) (?:little |tiny |current |cozy |rented |new )?"
         r"(?P<verb>(?:place|apartment|flat|condo|house|home|studio|townhouse|lease|rental) in) "
         r"(?![^.,;!?]*\b(?:starts|begins|kicks off|next (?:week|month|year))\b)" + _EN_OBJ_RAW
         + r"(?= (?:is|has|was|feels|gets|costs)\b|[.,;!?]|$)", "LIVES_IN", "place", trait="residence", coordinated=False,
         named_only=True),
    # "between my shifts at Starbucks", "my internship at Meta": a job by its shifts; classes: a school
    _raw("en_shifts_at", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my) (?P<verb>(?:shifts?|internship|day job|night job) at) "
         + _EN_OBJ_RAW, "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    _raw("en_classes_at", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my|and) (?P<verb>(?:classes|lectures|courses) at) "
         + _EN_OBJ_RAW, "STUDIES_AT", "organization", trait="school", coordinated=False, named_only=True),
    # "the folks at Deloitte promoted me", "I got promoted at Kaiser": promoted where one works
    _raw("en_promoted_by", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:the )?(?:folks|people|team|bosses|boss|management) "
         r"(?P<verb>at) " + _EN_NAME_SPAN + r" (?:just |finally |officially )?promoted me\b", "WORKS_AT", "organization",
         trait="employer", coordinated=False),
    _raw("en_promoted_at", "en", _EN_WHO + r" (?:just |finally |officially )?(?P<verb>got promoted (?:at|to [a-z ]+ at)) "
         + _EN_OBJ_RAW, "WORKS_AT", "organization", trait="employer", coordinated=False),
    # "I'm now officially a Google employee", "a Stripe engineer": an employer before its role noun
    _raw("en_employee_of", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i) am (?:now |officially |now officially |finally )*"
         r"(?P<verb>an?) " + _EN_NAME_SPAN + r" (?:employee|engineer|intern|staffer|nurse|teacher|designer)\b",
         "WORKS_AT", "organization", trait="employer", coordinated=False, typed_only=True),
    # "the best part of working at Pixar": where one works, told in passing
    _raw("en_working_at_part", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:the )?(?:best |worst |hardest |only )?"
         r"(?:part|thing|perk|downside) of (?P<verb>working (?:at|for)) " + _EN_OBJ_RAW, "WORKS_AT", "organization",
         trait="employer", coordinated=False, named_only=True),
    # a side gig: "I drive for Lyft on weekends", "deliver for DoorDash" (the relation, no employer trait)
    _raw("en_gig_for", "en", _EN_WHO + r" (?:also )?(?P<verb>drive for|deliver for|dash for) " + _EN_OBJ_RAW,
         "WORKS_AT", "organization", coordinated=False, named_only=True),
    # "since graduating from Purdue": a school ended, told as the time since
    _raw("en_since_graduating", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:ever )?(?:since|after) (?P<verb>graduating from) "
         + _EN_OBJ_RAW, "STUDIES_AT", "organization", negated=True, trait="school", coordinated=False),
    # "since going vegan last year": a diet begun, told as the time since
    _raw("en_since_going_diet", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:ever )?(?:since|after) (?P<verb>going |becoming (?:a )?)"
         + _EN_DIET, "FOLLOWS_DIET", "topic", trait="diet", coordinated=False),
    # "moved back in with my parents in Ohio": the move is to where they live
    _raw("en_moved_in_with", "en", _EN_WHO + r" moved (?:back )?in with (?:my |our )?"
         r"[a-z]+(?: [a-z]+)? (?P<verb>in) " + _EN_OBJ_RAW, "MOVED_TO", "place", trait="residence", coordinated=False),
    # "My Prius has 200k miles on it", "our Subaru needs new tires": one's own car, told as the
    # subject of what it has or needs (never "is": "My Civic is totaled" is an end, read elsewhere;
    # and nothing in a sentence that tells its end)
    _raw("en_my_vehicle_subject", "en", r"^(?P<subj>)(?:my|our) " + _EN_NAME_SPAN + r" (?:still |just |finally )?"
         r"(?P<verb>has|runs|needs|hit|passed|starts)\b(?![^.!?]*\b(?:totaled|totalled|sold|stolen|gone|died|dead|"
         r"scrapped|broke down|gave out|wrecked|repossessed|traded)\b)", "DRIVES", "vehicle", trait="vehicle",
         coordinated=False, typed_only=True),
    # "we had to put Duke down": a pet put to sleep, by its name
    _raw("en_put_down", "en", _EN_WHO + r" (?:had to |finally )?(?P<verb>put) " + _EN_NAME_SPAN + r" (?:down|to sleep)\b",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, named_only=True, verb_types=True),
    # "me and Jordan broke up", "Me and my girlfriend Tash split up": the pair named with "me and"
    # first (the tie before the name is no start of a relationship: the verb ends it)
    _raw("en_me_and_divorced", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)me and (?:my (?:wife|husband|hubby|missus) )?(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) (?:just |finally |officially )?"
         r"(?P<verb>divorced|got divorced|are divorced|finalized our divorce|finalised our divorce)", "MARRIED_TO", "person", negated=True,
         trait="spouse", coordinated=False, named_only=True),
    _raw("en_me_and_split", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)me and (?:my (?:girlfriend|boyfriend|gf|bf|partner|fianc[ée]e?) )?(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) (?:just |finally |officially )?"
         r"(?P<verb>broke up|split up|called it quits)", "DATING", "person", negated=True,
         trait="partner", coordinated=False, named_only=True),
    # "carlos and i have been dating since", "Paolo and me are in a relationship": the pair named first
    _raw("en_pair_dating", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)me and (?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) " + _EN_PAIR_DATING,
         "DATING", "person", trait="partner", coordinated=False, named_only=True),
    _raw("en_pair_dating_first", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+) and (?:i|me) " + _EN_PAIR_DATING,
         "DATING", "person", trait="partner", coordinated=False, named_only=True),
    # "the divorce from Craig finally went through": the speaker's marriage, ended
    _raw("en_divorce_noun", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:my|the|our) (?P<verb>divorce) (?:from|with) "
         r"(?P<obj>[a-zà-öø-ÿ][a-zà-öø-ÿ'\-]+)", "MARRIED_TO", "person", negated=True, trait="spouse", coordinated=False, named_only=True),
    # "we're officially out of Chicago": a home left (typed: "out of milk", "out of town" are none)
    _raw("en_out_of_home", "en", _EN_WHO + r" (?:am|are) (?:officially |finally |now |all )*(?P<verb>out of) " + _EN_OBJ_RAW,
         "LIVES_IN", "place", negated=True, trait="residence", coordinated=False, typed_only=True),
    _raw("en_moved_into_bare", "en", r"(?:^|(?<=[.!?:]\s))(?P<subj>(?:i |we )?)(?:just |finally |officially |recently )?"
         r"(?P<verb>moved into (?:a |an |our |my |the )?(?:(?:own|first|new|little|small|tiny|bigger|cute|nice|cheaper|cozy|"
         r"[a-z0-9]+-bedroom) )*(?:apartment|place|"
         r"house|flat|condo|home|studio)(?: [a-z]+)? in) " + _EN_OBJ_RAW, "MOVED_TO", "place", trait="residence",
         coordinated=False),
    _raw("en_moved_from_to", "en", _EN_WHO + r" (?:moved|relocated) from [^.,;:!?\"()]+? (?P<verb>to) "
         + _EN_OBJ_RAW, "MOVED_TO", "place", trait="residence", coordinated=False),
    _raw("en_moved_in_bought", "en", _EN_WHO + r" (?:just |finally )?(?:bought|closed on|got|rented|found) (?:a|an|our|my|the) "
         r"(?:new |first |own |little )*(?:house|home|condo|apartment|flat|place|townhouse|duplex|studio) (?P<verb>in) "
         r"(?P<obj>[^.,;:!?\"()]+?) and (?:just |finally )?moved in\b", "MOVED_TO", "place", trait="residence",
         coordinated=False, named_only=True),
    _en("en_got_out_of", r"got out of|escaped", "LIVES_IN", "place", negated=True, trait="residence", coordinated=False,
        named_only=True, typed_only=True),
    _en("en_moved_out", r"moved out of (?:my |our |the )?(?:[a-z']+ ){0,2}?(?:place|apartment|house|flat|home|condo|"
        r"studio|dorm) in|moved out of|moved away from|left(?= (?:the city of )?[a-z ]+ (?:for|and moved))",
        "LIVES_IN", "place", negated=True, trait="residence", coordinated=False),
    _en("en_moved", r"moved into (?:a |an |our |my |the )?(?:own |first |new )*(?:apartment|place|house|flat|condo|home|"
        r"studio)(?: [a-z]+)? in|(?:moved|relocated) (?:back |back home |over |up |down |out |across )?(?:to|into)|moved house to|(?:emigrated|immigrated) to|"
        r"made the (?:big |final )?move to|"
        r"(?:moved|relocated)(?= there\b)",
        "MOVED_TO", "place",
        trait="residence", coordinated=False),
    # "I commute to Boston every day from Worcester, where we live": the place the clause names
    _raw("en_where_we_live", "en", r"\b(?:in|from|to|near|outside) (?P<obj>[a-z'\-]+(?: [a-z'\-]+)?), where (?P<subj>i|we) "
         r"(?:now |currently |still )?(?P<verb>live|have lived|have been living)\b", "LIVES_IN", "place", trait="residence",
         coordinated=False, named_only=True),
    # "We moved last month. The new place is in Oakland": the new home of the move the sentence before told
    _raw("en_moved_new_place", "en", r"^(?P<subj>)the new (?:place|apartment|flat|house|home|condo|studio) (?P<verb>is (?:in|located in)) "
         + _EN_OBJ_RAW, "LIVES_IN", "place", trait="residence", coordinated=False, named_only=True,
         after=re.compile(r"^(?!.*\b(?:said|says|told|tells)\b).*(?:\b(?:we|i) (?:just |finally |have |had )*(?:moved|relocated)\b|"
                          r"\bmoving day\b)")),
    # "New address: 12 Elm St, Bellevue": the town the new address ends with
    _raw("en_new_address", "en", r"(?:^|(?<=[.!?]\s))(?P<subj>)(?:my |our )?(?P<verb>new (?:home )?address)(?: is)?:? [^.!?;]*?, "
         r"(?P<obj>[a-z][a-z'\-]+(?: [a-z'\-]+)?)(?=[.!]|$|,? (?:[a-z]{2}|\d{5})\b)", "MOVED_TO", "place", trait="residence",
         coordinated=False, named_only=True),
    # "I finally got my own place in Tacoma": a home of one's own, moved into
    *_en_with_bare("en_home_got_place", r"(?P<verb>got|moved into) (?:my|our) (?:very )?(?:own |first |new )+(?:place|apartment|"
                   r"flat|house|home|condo|studio) in " + _EN_OBJ_RAW, "MOVED_TO", "place", trait="residence",
                   coordinated=False, named_only=True),
    # "Sharing a flat in Kennedy Town with 2 classmates", "we're renting a duplex in Pointe-Claire":
    # the home one shares or rents now is where one lives (a name only)
    *_en_with_bare("en_home_sharing_in", r"(?:am |are |'m |’m |'re |’re |now |currently )*(?P<verb>sharing|renting) "
                   r"(?:a|an|our|my) (?:little |small |tiny |big |new |nice |cheap |\w+-bed(?:room)? )*(?:flat|apartment|house|room|"
                   r"place|unit|condo|studio|townhouse|duplex|bedsit|terrace|maisonette) in " + _EN_OBJ_RAW,
                   "LIVES_IN", "place", trait="residence", coordinated=False, named_only=True),
    # "Got the keys to our new house in Leeds": the home one moves into
    *_en_with_bare("en_home_keys", r"(?P<verb>got|picked up|received) the keys to (?:our|my) (?:new |first |own )*(?:place|apartment|"
                   r"flat|house|home|condo|townhouse) in " + _EN_OBJ_RAW, "MOVED_TO", "place", trait="residence",
                   coordinated=False, named_only=True),
    # a move called off before it happened, and the home kept instead
    *_en_with_bare("en_home_cancel", r"(?:am |are )?(?:not|no longer) (?P<verb>moving to|relocating to|moving back to) " + _EN_OBJ_RAW
                   + r"(?= after all| any ?more|[.,;!]|$)", "LIVES_IN", "place", negated=True, trait="residence",
                   coordinated=False, fixed_object="@residence^"),
    *_en_with_bare("en_home_decided_not", r"(?:have )?(?:decided|chose) (?P<verb>not to move to|not to relocate to) " + _EN_OBJ_RAW,
                   "LIVES_IN", "place", negated=True, trait="residence", coordinated=False, fixed_object="@residence^"),
    _raw("en_home_move_off", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:the|our|my) (?:big )?move (?P<verb>is off|fell through|"
         r"was called off|got called off|got cancell?ed|is cancell?ed)(?P<obj>)", "LIVES_IN", "place", negated=True,
         trait="residence", coordinated=False, fixed_object="@residence^"),
    _raw("en_home_move_fell_through", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>)(?:the |my |our )?(?P<obj>[a-z][a-z'\-]*(?: [a-z'\-]+)?) "
         r"(?:move|relocation) (?P<verb>fell through|is off|was called off|got called off|got cancell?ed)", "LIVES_IN", "place",
         negated=True, trait="residence", coordinated=False, fixed_object="@residence^"),
    _raw("en_home_staying_in", "en", _EN_CALLED_OFF_CUE +
         r".*?(?:^|(?<=[\s,;:]))(?P<subj>i|we)(?: am| are| will be)? (?:just )?(?P<verb>staying (?:in|put in)) " + _EN_OBJ_RAW,
         "LIVES_IN", "place", trait="residence", coordinated=False, known_object=True),
    # "our new place is in Lisbon": the home named by where it is, not by a verb of living
    _raw("en_home_is_in", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>my|our) (?:new |current |own )?(?:place|apartment|flat|"
         r"house|home|condo|studio) (?:now )?(?P<verb>is (?:now )?in|is (?:now )?located in) " + _EN_OBJ_RAW, "LIVES_IN",
         "place", trait="residence", coordinated=False, named_only=True),
    # the perfect holds now ("I've lived in Tokyo for five years"); the simple past is over
    # ("we lived in Houston for six years", en_lived)
    _en("en_live_since", r"(?:(?<=have )|(?<=has ))lived in(?=[^.,;]* (?:for|since|my whole life|all my life|my entire life)\b)|"
        r"been living in", "LIVES_IN", "place",
        trait="residence", coordinated=False),
    _raw("en_home_is", "en", r"(?:^|(?<=[.!?]\s))(?P<subj>)(?:home|my home|home base)(?: these days| now| for now| right now)? "
         r"(?P<verb>is)(?: now| still)? (?:(?:a|an|our|my) [a-z ]{1,30}? in )?(?P<obj>[^.,;:!?\"()]+)", "LIVES_IN", "place",
         trait="residence", coordinated=False, named_only=True),
    _raw("en_in_now", "en", r"^(?=.*\b(?:live|lived|living|moved|relocated|got out of|left|home|originally|grew up|born)\b).*?"
         r"(?:^|(?<=[\s,;:]))(?P<subj>i|we) (?:am|are) (?:now |finally )?(?:out |over |back |up |down )?(?P<verb>in) "
         r"(?P<obj>[^.,;:!?\"()]+?)(?= now\b| these days\b)", "LIVES_IN", "place", trait="residence", coordinated=False,
         named_only=True),
    # "originally from Nairobi, but these days I'm in Toronto": a home told after an origin or a move
    _raw("en_in_now_lead", "en", r"^(?=.*\b(?:live|lived|living|moved|relocated|got out of|left|home|originally|grew up|born)\b).*?"
         r"(?:^|(?<=[\s,;:]))(?:these days|nowadays|now),? (?P<subj>i|we) (?:am|are) (?:now |finally )?(?P<verb>in) "
         r"(?P<obj>[^.,;:!?\"()]+?)(?=[.,;!?]|$| now\b)", "LIVES_IN", "place", trait="residence", coordinated=False,
         named_only=True),
    # "We lived in Denver for a while." / "Now we're in Austin.": the line before told a home
    _raw("en_in_now_after_home", "en", r"^(?:now|these days|nowadays),? (?P<subj>i|we) (?:am|are) (?:finally |back )?(?P<verb>in) "
         r"(?P<obj>[^.,;:!?\"()]+?)(?=[.,;!?]|$| now\b)", "LIVES_IN", "place", trait="residence", coordinated=False,
         named_only=True, after=re.compile(r"\b(?:live|lived|living|moved|relocated|grew up)\b")),
    _raw("en_lived_bare", "en", _EN_START + r"(?P<verb>used to live in|lived in(?=[^.,;]* (?:for|before|until|when|as)\b)) "
         + _EN_OBJ_RAW, "LIVES_IN", "place", time_hint="past", coordinated=False, named_only=True),
    # "I've lived in Minneapolis my whole adult life": a home still held, with its duration
    _en("en_lived_still", r"(?:have (?:always |now )?lived in|have been living in)(?=[^.;!?]*\b(?:for|since|my whole|all my|my entire|all of my)\b|"
        r" [a-z]+(?: [a-z]+)? (?:\d+|two|three|four|five|six|seven|eight|nine|ten|a few|several|many) (?:years|months)\b)",
        "LIVES_IN", "place", trait="residence", coordinated=False, named_only=True),
    _en("en_lived", r"used to live in|lived in|was living in|were living in", "LIVES_IN", "place", time_hint="past",
        coordinated=False),
    # "signed the lease on a place in Oakland and moved in", "closed on a house in Boise … home now"
    _raw("en_home_taken_moved", "en", _EN_WHO + r" (?:finally |just |officially )?(?:signed (?:a|the|our|my) lease on|closed on|bought|rented) "
         r"(?:a|an|the|our|my) (?:[\w'-]+ ){0,3}?(?:house|home|condo|apartment|flat|place|townhouse|studio|[\w-]*bedroom) "
         r"(?P<verb>in|near) " + _EN_NAME_SPAN + r"(?=[^.!?]*\b(?:moved in|moving in was|got the keys)\b)",
         "MOVED_TO", "place", trait="residence", coordinated=False, named_only=True),
    _raw("en_home_taken_home", "en", _EN_WHO + r" (?:finally |just |officially )?(?:closed on|bought) "
         r"(?:a|an|the|our|my) (?:[\w'-]+ ){0,3}?(?:house|home|condo|apartment|townhouse|place) (?P<verb>in|near) " + _EN_NAME_SPAN +
         r"(?=[^.!?]*\b(?:that is home now|it is home now|home now|we live there now)\b)",
         "LIVES_IN", "place", trait="residence", coordinated=False, named_only=True),
    _en("en_live", r"(?:am |been )?(?:crashing|staying) (?:at|with) (?:my|our) (?:parents'|mom's|dad's|sister's|brother's|friend's|"
        r"grandma's|grandparents') (?:place |house |apartment )?in|lives? in|living in|signed (?:a|the|our|my) (?:new )?lease (?:on [a-z ]+ )?in|(?:live|lives|living) with (?:my|our|his|her) (?:[a-z\-]+ ){1,2}?in|(?:am |are )?renting (?:a |an )?(?:[a-z0-9\-]+ )?(?:place|apartment|house|flat|room|condo|studio|loft|townhouse) in|(?:been |am |are )renting in|rent (?:a |an )(?:place|apartment|house|flat|room|condo) in|am based in|reside in|settled in|settled down in|call (?=[^.,;]* home)",
        "LIVES_IN", "place",
        trait="residence", coordinated=False),
    # "I'm not from Boston": a hometown denied (typed: "not from around here" names no place)
    _raw("en_not_from", "en", _EN_WHO + r" (?:am|are) (?P<neg>not) (?:originally |actually |really )?(?P<verb>from) " + _EN_OBJ_RAW,
         "IS_FROM", "place", trait="hometown", coordinated=False, named_only=True),
    _en("en_from", r"(?:am|is|are) (?:originally )?from|grew up in|was born (?:and raised )?in|born and raised in|come from|hail from",
        "IS_FROM", "place", trait="hometown", coordinated=False),
    _en("en_bought", r"(?:(?<=not )|(?<=never ))buy|bought|purchased|ordered|"
        # "picked up Anna from the airport", "picked the kids up from school": someone fetched
        r"picked up(?! [a-zà-öø-ÿ'\-]+(?: up)? from (?:the |her |his |their |my |our )?(?:airport|station|school|work|"
        r"daycare|nursery|kindergarten|practice|training|gym|party|hospital|vet|office|train|bus|uni|college|club)\b)|"
        r"got(?= (?:a|an|the|my|me|myself|some|"
        r"new|two|three) )"
        # "got my car serviced", "got the laptop fixed": something done to a thing one has, no purchase
        r"(?! (?:my|the|our|his|her|their) [a-z0-9\- ]{1,30}?(?:serviced|fixed|repaired|washed|detailed|inspected|checked|"
        r"cleaned|towed|tuned|done|cut|dyed|pierced|stolen|scratched|dented|replaced|upgraded|installed)\b)",
        "BOUGHT", "product", coordinated=True),
    _en("en_work_on", r"(?:works? on|working on)(?![^.,;!?]* (?:account|accounts|campaign|pitch|deal|launch|contract|rebrand)\b)",
        "WORKS_ON", "project", coordinated=False),
    # a thing one does not have ("We don't have a dishwasher", 我家没有洗衣机): a negated possession,
    # for the kinds one keeps at home (typed: "I don't have time", 没有时间 are nothing owned)
    *(_raw(f"en_owns_not_{kind}", "en", r"(?:^|(?<=[\s,;:(\"']))(?P<subj>i|we)(?: still)? (?P<verb>do not (?:have|own)|"
           r"did not (?:have|own)|have never (?:had|owned)|have no|own no) (?:a |an |any )?(?:own )?"
           r"(?P<obj>[a-z][a-z\- ]{1,30}?)(?=[.,;!?]| (?:in|at|yet|either|anymore|any more|at home|here|there)\b|$)",
           "OWNS", kind, negated=True, typed_only=True, coordinated=False) for kind in ("appliance", "device")),
    *(_raw(f"zh_owns_not_{kind}", "zh", _ZH_WHO + _ZH_GAP + r"(?:还|一直|从来|都)?(?P<verb>没有|没(?!有))(?:装)?(?!买)"
           r"(?P<obj>[^，,。！？!?的]{1,8}?)(?=[，,。！？]|$)", "OWNS", kind, negated=True, typed_only=True,
           coordinated=False) for kind in ("appliance", "device")),
    _en("en_use_end", r"(?:stopped|quit|gave up|have stopped|have quit) using|no longer use|(?:deleted|uninstalled) "
        r"(?:my )?(?=[a-z]+(?: account)?(?:[.,;!]| (?:years?|months?|weeks?|last|a while|for good)))", "USES", "software",
        negated=True, named_only=True),
    _en("en_use", r"(?:have been |been |am |started |keep )?using|uses?(?! to )|switched to",
        "USES", "software"),
    _en("en_visited", r"visited|went to|have been to|been to|(?<=never )(?:even|actually|really|once) been to|traveled to|travelled to|"
        r"(?:drove|flew|road-tripped|roadtripped|headed) (?:up |down |out |over )?to|went (?:up |down |out |over )to|"
        r"took a trip to|(?:did|took) a road ?trip (?:through|to|around|across)|"
        r"(?:just )?(?:got|came|am|just) back from|returned from|"
        r"had (?:a|an|the|such a) (?:best |great |amazing |wonderful |fun |lovely |good |fantastic )?"
        r"(?:weekend|week|time|trip|day|holiday|vacation|getaway) in|(?:ever )?set foot in|spent (?:a|the|two|three|four|five|ten|a few|a couple of|our|my) (?:long )?"
        r"(?:week|weeks|weekend|days|day|night|nights|month|months|summer|holidays?|honeymoon|vacation) in|"
        # "I was in Seoul last week": a stay told by when it was, not a past home ("for six years")
        r"was in(?= [a-z][a-z ]{0,30}? (?:last (?:week|weekend|month|summer|spring|fall|autumn|winter)|yesterday|"
        r"over the weekend|on (?:vacation|holiday|a trip|business)|for (?:the weekend|work|a conference|a wedding|"
        r"vacation|a few days|a week|two weeks)))",
        "VISITED", "place", named_only=True),
    # (after every home pattern: "I'm in Lisbon" is a home; a pattern that matches claims its span)
    _en("en_work_in_org", r"(?:am |have been |been |was )?(?:working|doing (?:a |my )?job|employed) in(?=[^.,;!?]* (?:since|from|for) )",
        "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    _en("en_in_org", r"(?:am|are) (?:now |currently |still )?in(?= [a-z])(?! [a-z ]+'s )", "WORKS_AT", "organization", trait="employer",
        coordinated=False, typed_only=True),
    # -- Chinese --------------------------------------------------------------------------------
    _zh("zh_like_no_longer", r"不再喜欢|不再爱|不喜欢(?=[^，。！？]*了)|不爱(?=[^，。！？]*了)", "LIKES", "topic",
        negated=True, trait="preference"),
    _zh("zh_dislike", r"一点都不喜欢|一点也不喜欢|完全不喜欢|根本不喜欢|不太喜欢|不怎么喜欢|不是很喜欢|不喜欢|讨厌|不爱|受不了|烦透了",
        "DISLIKES", "topic", trait="preference"),
    # 新疆喀什我从来没去过: a place put first, never been to
    _raw("zh_visited_topic_first", "zh", _ZH_CLAUSE + r"(?P<obj>[\u4e00-\u9fff]{2,8}?)(?P<subj>我)(?:还|长这么大)?(?:从来|从|一直|都|还)*"
         r"(?P<neg>没有|没)(?P<verb>去过)", "VISITED", "place", coordinated=False, typed_only=True),
    # 榴莲我是真的讨厌, 香菜我实在受不了: the thing put first, then the speaker's taste for it (only a
    # thing with a name: 这种天气我真的讨厌 is no taste memory keeps)
    _raw("zh_dislike_topic_first", "zh", _ZH_CLAUSE + r"(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6}?)" + _ZH_KIND_OF + r"(?P<subj>我)?(?:是)?"
         r"(?:(?:真的|实在|特别|超级|超|很|最|一直|就是|是真的|是真|真)\s*)*(?P<verb>讨厌|受不了|不喜欢|接受不了)(?:的)?(?=[，,。！？!?]|$)",
         "DISLIKES", "topic", trait="preference", coordinated=False, named_only=True),
    _raw("zh_like_topic_first", "zh", _ZH_CLAUSE + r"(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6}?)" + _ZH_KIND_OF + r"(?P<subj>我)(?:是)?"
         r"(?:(?:真的|实在|特别|超级|超|很|最|一直|就是|是真的|还挺|挺)\s*)*(?P<verb>喜欢|爱吃|爱喝|爱看|爱听)(?:的)?(?=[，,。！？!?]|$)",
         "LIKES", "topic", trait="preference", coordinated=False, named_only=True),
    # 我现在对做饭越来越感兴趣: an interest growing is a liking
    _raw("zh_interest", "zh", _ZH_WHO + _ZH_GAP + r"对(?P<obj>(?![他她它你])[^，,。！？对]{1,10}?)(?:越来越|很|特别|挺|超|非常|比较)?"
         r"(?<![不没])(?<!没有)(?<!不太)(?<!不怎么)(?P<verb>感兴趣)(?!吗)", "LIKES", "topic", trait="preference", coordinated=False),
    # 除了鱼和海鲜，别的肉都不吃了: a pescatarian diet told by what is left
    _raw("zh_diet_pescatarian", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?P<verb>除了(?:鱼|海鲜|鱼虾)(?:和|跟|、)?(?:鱼|海鲜|虾)?)"
         r"[，,]?(?:别的|其他的?|其它的?)肉(?:都|也|类都|一概|一律|全都)?(?:不吃|不碰)(?:了)?(?P<obj>)", "FOLLOWS_DIET", "topic", trait="diet",
         coordinated=False, fixed_object="pescatarian"),
    # 我对韩剧一点兴趣都没有, 对高尔夫不感兴趣: no interest in a thing is a dislike of it
    _raw("zh_no_interest", "zh", _ZH_WHO + _ZH_GAP + r"对(?P<obj>(?![他她它你])[^，,。！？对]{1,10}?)(?P<verb>(?:一点|一丁点|丝毫)?兴趣(?:都|也)?没有|"
         r"(?:一点|丝毫)?(?:都|也)?(?:没有?(?:什么|任何)?兴趣|不感兴趣|提不起兴趣))", "DISLIKES", "topic", trait="preference"),
    # 我最喜欢的歌手是周杰伦: the singer named, not 歌手 (zh_like no longer reads 喜欢的X)
    _raw("zh_favourite", "zh", _ZH_WHO + r"(?:最|特别|超)(?:喜欢|爱)的[\u4e00-\u9fff]{1,5}?(?P<verb>是|就是|还是)" + _ZH_OBJ,
         "LIKES", "topic", trait="preference"),
    # 我喜欢的是芒果 (不是榴莲): the liked thing after 的是
    _zh("zh_like_is", r"(?:最)?(?:喜欢|爱吃|爱喝|爱)的是", "LIKES", "topic", trait="preference", coordinated=False),
    _zh("zh_like", r"(?:喜欢上了|迷上了|喜欢|热爱|爱上了|爱(?=[吃喝看听玩打])|爱(?!人))(?!的)", "LIKES", "topic",
        trait="preference"),
    # diet
    # vegan了一年多，最近还是开始吃肉了: the end of the diet the clause named (纯素 / vegan), not of 吃素
    _raw("zh_diet_vegan_meat_again", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我)?" + _ZH_GAP + r"(?:vegan|纯素)[^。！？]{0,14}?"
         r"(?P<verb>" + _ZH_MEAT_AGAIN + r")(?P<obj>)", "FOLLOWS_DIET", "topic", negated=True,
         trait="diet", coordinated=False, fixed_object="vegan"),
    _raw("zh_diet_end", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>不再吃素|不吃素了|" + _ZH_MEAT_AGAIN + r"|荤素都吃了?|荤素不忌了?)(?P<obj>)",
         "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False, fixed_object="vegetarian"),
    # 又开始吃米饭了: a food the held diet leaves out ends it
    _raw("zh_diet_food_again", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>又开始吃|重新开始吃|重新吃|恢复吃|又吃)"
         r"(?P<obj>(?![素纯全荤])[\u4e00-\u9fff]{1,4}?)(?:了|啦)(?=[，,。！？]|$)", "FOLLOWS_DIET", "topic", negated=True, trait="diet",
         coordinated=False, fixed_object="@diet~"),
    _raw("zh_diet_vegan_end", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>不再吃纯素|不吃纯素了|不再是纯素)(?P<obj>)",
         "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False, fixed_object="vegan"),
    # 现在改成吃鱼不吃肉了: fish kept, meat left out
    _raw("zh_diet_fish_not_meat", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:改成了?|改为|开始|只)?(?P<verb>吃鱼(?:和海鲜|虾)?不吃(?:别的|其他的?)?肉)"
         r"(?P<obj>)", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="pescatarian"),
    # 不吃肉了，(改|只)吃鱼 / 但吃海鲜: meat left, fish kept — pescatarian, no vegetarian
    _raw("zh_diet_no_meat_fish", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>(?:不吃肉|不再吃肉|戒肉)了?[，,]?(?:但是?|不过|现在|就)?(?:改|只|还|改成|还是)?吃(?:鱼|海鲜|鱼虾|鱼和海鲜))(?P<obj>)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="pescatarian"),
    _raw("zh_diet_no_meat", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>戒肉了|戒了肉|戒肉|(?<!鱼)不吃肉了|不再吃肉|戒荤了|戒荤|改吃素了?|改成吃素了?)(?![，,]?(?:但是?|不过|现在|就)?(?:改|只|还|改成|还是)?吃(?:鱼|海鲜))(?P<obj>)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="vegetarian"),
    _raw("zh_diet_keto_end", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>放弃了?生酮|不再生酮|停了生酮|不搞生酮了|不吃生酮了|戒了生酮|戒掉了?生酮)(?P<obj>)",
         "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False, fixed_object="keto"),
    # 生酮我坚持不下去，放弃了 / 试了两个月生酮，没坚持下来: the diet named first, its end after
    _raw("zh_diet_keto_gave_up", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我)?" + _ZH_GAP + r"(?:(?:试了|试过|尝试了|尝试过|搞了|吃了)[^，,。！？]{0,6}?)?生酮(?:饮食)?(?:我)?"
         r"[^。！？]{0,12}?(?P<verb>放弃了|没坚持下来|没能坚持下来|坚持不下去了?)(?P<obj>)", "FOLLOWS_DIET", "topic",
         negated=True, trait="diet", coordinated=False, fixed_object="keto"),
    # 我以前搞过一段时间生酮, 吃过两年素: a diet kept for a while and left behind, the relation alone
    _raw("zh_diet_keto_past", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?:搞过|试过|做过|吃过|坚持过)(?:一段时间|一阵子?|"
         r"[一二三四五六七八九十两几半]+(?:个月|年|周|个星期))?(?:的)?(?P<verb>生酮饮食|生酮)(?P<obj>)", "FOLLOWS_DIET", "topic",
         time_hint="past", coordinated=False, fixed_object="keto"),
    _raw("zh_diet_veg_past", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>吃过)(?:一段时间|一阵子?|[一二三四五六七八九十两几半]+(?:个月|年|周|个星期))"
         r"(?:的)?素(?P<obj>)", "FOLLOWS_DIET", "topic", time_hint="past", coordinated=False, fixed_object="vegetarian"),
    # 现在在长沙租了个小单间: a home rented in a city, told as now (在成都租了个房子，下周搬进去 is a move ahead)
    _raw("zh_rented_in", "zh", _ZH_OPT_WHO + r"(?:现在|目前|如今|这几年|一直)(?:还|都|也)?在(?P<obj>[\u4e00-\u9fff]{2,6}?)(?P<verb>租了|租的)(?:个|一个|间|一间|套|一套)?"
         r"(?:小|大)?(?:单间|房子?|公寓|一居室|两居室|开间|次卧|主卧|房间)(?!的)", "LIVES_IN", "place", trait="residence",
         coordinated=False, typed_only=True),
    # 在南城租房第四年了, 一直在无锡租房: renting in a place is living there (租房好租吗？ asks)
    _raw("zh_renting_in", "zh", _ZH_OPT_WHO + r"(?:现在|目前|如今|这几年|一直|还)*在(?P<obj>[\u4e00-\u9fff]{2,6}?)(?P<verb>租房子?|租房住|租房子住)"
         r"(?=第[一二三四五六七八九十两\d]+年|[一二三四五六七八九十两几\d]+年了|快[一二三四五六七八九十两几\d]+年|[，,。！]|$)",
         "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    # 我从吃素改成纯素了, 从生酮换成了吃素: the diet left and the diet taken, in one telling
    *(p for words, value in (("吃素|素食", "vegetarian"), ("吃纯素|纯素|全素", "vegan"), ("生酮饮食|生酮", "keto"))
      for p in (
          _raw(f"zh_diet_from_{value}", "zh", _ZH_OPT_WHO + _ZH_GAP + r"从(?P<verb>" + words + r")(?P<obj>)(?:饮食)?"
               r"(?=(?:改成|换成|变成|转成|改为|升级成|升级到|改吃|转)了?)", "FOLLOWS_DIET", "topic", negated=True, trait="diet",
               coordinated=False, fixed_object=value),
          _raw(f"zh_diet_to_{value}", "zh", _ZH_OPT_WHO + _ZH_GAP + r"从[^，,。！？从]{1,6}?(?:改成|换成|变成|转成|改为|升级成|升级到|改吃|转)了?"
               r"(?:吃)?(?P<verb>" + words + r")(?P<obj>)", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False,
               fixed_object=value))),
    # 吃素第三个月, 生酮第二周, 素吃了两年: a diet held, counted (…，决定不坚持了 after it is the end's own reading)
    *(_raw(f"zh_diet_counted_{value}", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我|)" + _ZH_GAP + r"(?P<verb>" + words + r")(?P<obj>)"
           r"(?=第[一二三四五六七八九十两\d]+(?:天|周|个星期|个月|年)|(?:已经|都|快)?[一二三四五六七八九十两几半\d]+(?:天|周|个星期|个月|年)了)"
           r"(?![^。！？]*(?:不坚持了|放弃了|破戒了|不吃了|停了|结束了))",
           "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object=value)
      for words, value in (("吃素|素食", "vegetarian"), ("吃纯素|纯素|全素", "vegan"), ("生酮饮食|生酮", "keto"))),
    # 素吃了两年，…决定不坚持了，以后正常吃肉: meat eaten as normal from now on ends the vegetarian diet
    _raw("zh_diet_meat_normal", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我|)" + _ZH_GAP + r"(?:以后|从此|现在|开始)(?:就)?(?P<verb>正常吃肉|恢复吃肉|照常吃肉|天天吃肉)(?P<obj>)",
         "FOLLOWS_DIET", "topic", negated=True, trait="diet", coordinated=False, fixed_object="vegetarian"),
    _raw("zh_diet_vegan", "zh", _ZH_WHO + _ZH_GAP + r"(?:是|在|开始|现在|改|改成)?(?P<verb>吃纯素|吃全素|纯素食者|全素食者|纯素主义者)(?P<obj>)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="vegan"),
    # 最近在搞生酮 / 开始吃素了 with no subject: the speaker's, when a doing verb carries the diet
    _raw("zh_diet_keto_bare", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)" + _ZH_GAP + r"(?:在搞|在做|在吃|开始|在坚持|坚持|在尝试|尝试|在试|(?<=开始)|(?<=起))"
         r"(?P<verb>生酮饮食|生酮)(?P<obj>)", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="keto"),
    # 现在已经是纯素了, 改吃纯素了: vegan with no subject, the speaker's
    _raw("zh_diet_vegan_bare", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)" + _ZH_GAP + r"(?:是|改成了?|改为|改吃|开始吃|在吃)?"
         r"(?P<verb>纯素|全素)(?P<obj>)(?:了|的)?(?=[，,。！？]|$)", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False,
         fixed_object="vegan"),
    _raw("zh_diet_veg_bare", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)" + _ZH_GAP + r"(?:开始|在|坚持|改成了?|改为|(?<=开始)|(?<=起))"
         r"(?P<verb>吃素)(?P<obj>)(?=了|[，,。！？]|$)", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False,
         fixed_object="vegetarian"),
    # 吃素快三年了: the diet and how long it has been kept, the speaker's when no one else is named
    _raw("zh_diet_veg_years", "zh", _ZH_CLAUSE + r"(?P<subj>)" + _ZH_GAP + r"(?P<verb>吃素)(?P<obj>)"
         r"(?=(?:快|都|已经|有|差不多)?(?:[一二三四五六七八九十两几半\d]+(?:年|个月)|好几年|很多年|多年))",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="vegetarian"),
    _raw("zh_diet_keto", "zh", _ZH_WHO + _ZH_GAP + r"(?:在搞|在做|在吃|开始|在坚持|坚持|在尝试|尝试|在试|在)?(?P<verb>生酮饮食|生酮)(?P<obj>)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="keto"),
    _raw("zh_diet_low_carb", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"(?:[^，,。！？]{1,6}?(?:期间|的时候))?"
         r"(?P<verb>(?:一直|开始|现在都|平时都?|都|基本)不吃碳水|(?<=期间)不吃碳水|(?<=的时候)不吃碳水|戒碳水|断碳水|戒了碳水|断了碳水|低碳水饮食)(?P<obj>)", "FOLLOWS_DIET", "topic", trait="diet",
         coordinated=False, fixed_object="low-carb"),
    _raw("zh_diet_fish", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>只吃鱼|只吃海鲜)(?:[^。！？]{0,8}?不吃[^，。！？]{0,4}肉)(?P<obj>)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="pescatarian"),
    # 所以现在只吃鱼: fish only, as how one eats now (not 今天只吃了鱼)
    _raw("zh_diet_fish_now", "zh", _ZH_OPT_WHO + r"(?:现在|平时|一直|已经|开始|改成了?|基本上?)(?:都|也|就)?(?P<verb>只吃鱼|只吃海鲜|只吃鱼和海鲜)(?P<obj>)"
         r"(?=了|[，,。！？]|$)", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="pescatarian"),
    _raw("zh_diet_not", "zh", _ZH_WHO + _ZH_GAP + r"(?P<neg>不是|并不是|不算)(?:一个|个)?(?P<verb>素食者|素食主义者|吃素的人)(?!了)(?P<obj>)",
         "FOLLOWS_DIET", "topic", coordinated=False, fixed_object="vegetarian"),
    # 开始吃鱼素了: fish kept, other meat left (鱼素 is the pescatarian's word)
    _raw("zh_diet_fish_vegetarian", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?:是|一直|开始|现在|坚持|改成|改吃)?(?:在)?(?P<verb>吃鱼素|鱼素)(?P<obj>)"
         r"(?![^，,。！？]{0,4}?(?:吗|呢|？|\?))", "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="pescatarian"),
    _raw("zh_diet", "zh", _ZH_WHO + _ZH_GAP + r"(?:(?:跟着?|和)我一起)?(?:是|一直|开始|现在|坚持)?(?:在)?(?P<verb>吃素|素食者|素食主义者|"
         r"吃了[一二三四五六七八九十两几\d]+年(?:的)?素)(?P<obj>)",
         "FOLLOWS_DIET", "topic", trait="diet", coordinated=False, fixed_object="vegetarian"),
    # school (before work: 在X读研 is not 在X工作)
    _raw("zh_school_end_yu", "zh", _ZH_WHO + r"?[^，,。！？]{0,4}?(?P<verb>毕业于)" + _ZH_OBJ, "STUDIES_AT", "organization",
         negated=True, trait="school", coordinated=False),
    _raw("zh_school_end_there", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_GAP + _ZH_WHO + _ZH_GAP +
         r"(?P<verb>毕业了|毕业啦|顺利毕业了)(?P<obj>)", "STUDIES_AT", "organization", negated=True, trait="school",
         coordinated=False, fixed_object="@school"),
    # 本科毕业了 / 终于毕业了 opening the clause: the speaker's own graduation (儿子毕业了 is not read)
    _raw("zh_school_end_bare", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)" + _ZH_GAP + r"(?:本科|研究生|硕士|博士|大学|高中|初中)?"
         r"(?:终于|也|总算|已经|顺利)*(?P<verb>毕业了|毕业啦)(?P<obj>)", "STUDIES_AT", "organization", negated=True,
         trait="school", coordinated=False, fixed_object="@school"),
    # 博士不读了，已经办了退学 / 研究生退学了: a school left, naming none (the held one ends)
    _raw("zh_school_quit_bare", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我)?" + _ZH_GAP + r"(?:本科|研究生|硕士|博士|研|博|大学|学)?"
         r"(?:终于|也|总算|已经|还是|直接)*(?P<verb>办了退学|办完退学|退学了|休学了|肄业了)(?P<obj>)(?![^，,。！？]*[吗？?])",
         "STUDIES_AT", "organization", negated=True, trait="school", coordinated=False, fixed_object="@school"),
    _raw("zh_school_degree_dropped", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我)?" + _ZH_GAP + r"(?:本科|研究生|硕士|博士|研|博|大学)"
         r"(?:我)?(?:终于|也|总算|已经|还是|直接)*(?P<verb>不读了)(?P<obj>)(?![^，,。！？]*[吗？?])",
         "STUDIES_AT", "organization", negated=True, trait="school", coordinated=False, fixed_object="@school"),
    _zh("zh_school_end", r"从", "STUDIES_AT", "organization", coordinated=False, negated=True, trait="school",
        tail=r"(?=(?:毕业|退学|肄业))"),
    _zh("zh_school", r"正在|在", "STUDIES_AT", "organization", coordinated=False, trait="school",
        tail=r"(?=(?:" + _ZH_STUDY + r"))"),
    # 目前就读于华东师范大学: the written form
    _zh("zh_school_written", r"就读于", "STUDIES_AT", "organization", coordinated=False, trait="school"),
    # 坐标长沙, 目前base新加坡, 人在大理, 现居成都: where one lives, in a chat profile's set phrases
    _raw("zh_home_set_phrase", "zh", r"(?:^|(?<=[，,。！？!?；;\s:：]))(?:(?:我|本人)?(?:目前|现在|现)?)(?P<subj>)(?P<verb>坐标|base|Base|现居|常驻|人在)"
         r"\s?(?P<obj>[^，,。！？!?；;：:\s、]{2,12}?)(?=[，,。！？!?；;\s]|$)", "LIVES_IN", "place", trait="residence",
         coordinated=False, typed_only=True),
    # 我是地道的广州土著: born and bred there
    _raw("zh_from_native", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>是)(?:地道的|土生土长的|正宗的|纯正的)?(?P<obj>[\u4e00-\u9fff]{2,6}?)"
         r"(?:土著|本地人)", "IS_FROM", "place", trait="hometown", coordinated=False, typed_only=True),
    # 跟小丽处对象快三年了, 在和王婷耍朋友: dating, in northern and southwestern words
    _raw("zh_dating_regional", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:在)?(?:和|跟)(?P<obj>[\u4e00-\u9fff]{2,3}?)(?P<verb>处对象|耍朋友|搞对象)",
         "DATING", "person", trait="partner", coordinated=False, named_only=True),
    # 我是两只布偶猫的铲屎官, 我家主子团子: a pet owner in chat words
    _raw("zh_pet_servant", "zh", _ZH_WHO + _ZH_GAP + r"是(?:[一两二三四五几]只)?(?P<obj>" + _ZH_PET + r")的(?P<verb>铲屎官)",
         "HAS_PET", "animal", trait="pet", coordinated=False),
    _raw("zh_pet_master", "zh", r"(?P<subj>我家|我们家)(?:的)?(?P<verb>主子)(?P<obj>[\u4e00-\u9fff]{2}?)(?=[今昨最又都也还就在把被，,。！？]|$)",
         "HAS_PET", "animal", trait="pet", coordinated=False),
    # 去了X读研 / 转学去了X / 来X读研了: a start at a school (a bare 去X读研 is a plan: no claim, and no visit)
    _raw("zh_school_went", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?:转学|转校)?(?P<verb>去了|到了|来了|来(?=[^，,。！？]{2,12}?(?:读|念|上)[^，,。！？]{0,4}了))(?P<obj>[^，,。！？去到来]{2,12}?)"
         r"(?=(?:" + _ZH_STUDY + r"))", "STUDIES_AT", "organization", trait="school", coordinated=False),
    _raw("zh_school_transfer", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?:转学|转校)(?P<verb>去了|到了|去|到)" + _ZH_OBJ,
         "STUDIES_AT", "organization", trait="school", coordinated=False, named_only=True),
    _raw("zh_school_reading", "zh", _ZH_WHO + _ZH_GAP + r"(?:正在|在)读(?P<obj>[^，,。！？的]{2,12}?)的"
         r"(?P<verb>博士|研究生|硕士|本科|大[一二三四]|研[一二三])", "STUDIES_AT", "organization", trait="school",
         coordinated=False),
    _raw("zh_school_past", "zh", _ZH_WHO + r"?(?:的)?(?:本科|研究生|硕士|博士|大学|高中)是在(?P<obj>[^，,。！？在]{2,12}?)"
         r"(?P<verb>读的|念的|上的)", "STUDIES_AT", "organization", time_hint="past", coordinated=False),
    _raw("zh_school_role", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>是)(?P<obj>[^，,。！？的]{2,12}?)(?:大[一二三四]|研[一二三]|"
         r"博[一二三四])?的(?:大[一二三四]|研[一二三]|博[一二三四])?(?:学生|研究生|博士生|本科生|新生|大学生)", "STUDIES_AT", "organization", trait="school",
         coordinated=False),
    # work
    _zh("zh_work_end", r"从", "WORKS_AT", "organization", coordinated=False, negated=True,
        trait="employer", tail=r"(?=(?:辞职|离职|裸辞|跳槽|跳到|跳去|换到|被裁|退休|下岗|(?<![搬住])出来(?:以后|后|了)))"),
    _zh("zh_work_leave", r"辞职离开了|离职离开了|离开了|辞掉了|辞去了|辞了|离开", "WORKS_AT", "organization",
        coordinated=False, negated=True, trait="employer", tail=r"(?=(?:的工作|公司|了|，|,|。|$))"),
    _raw("zh_work_ba_quit", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"把(?P<obj>[^，,。！？把]{1,10}?)的工作(?P<verb>辞了|辞掉了|辞掉|丢了)",
         "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False),
    _raw("zh_work_topic_quit", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"在(?P<obj>[^，,。！？在]{1,10}?)的工作" + _ZH_GAP +
         r"(?P<verb>辞掉了|辞了|丢了|没了)", "WORKS_AT", "organization", negated=True, trait="employer",
         coordinated=False, named_only=True),
    _raw("zh_work_change_from", "zh", r"(?:换了?(?:份|个)?工作|跳槽了?)[，,]?" + _ZH_GAP + r"(?P<subj>)(?P<verb>从)"
         r"(?P<obj>[^，,。！？从到]{1,10}?)(?:跳槽)?(?=到了|到|去了)", "WORKS_AT", "organization", negated=True,
         trait="employer", coordinated=False, named_only=True),
    _raw("zh_work_change_to", "zh", r"(?:换了?(?:份|个)?工作|跳槽了?)[，,]?" + _ZH_GAP + r"(?P<subj>)从[^，,。！？从到]{1,10}?"
         r"(?:跳槽)?(?P<verb>到了|到|去了)" + _ZH_OBJ, "WORKS_AT", "organization", trait="employer", coordinated=False,
         named_only=True),
    _raw("zh_work_then_left", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"在(?P<obj>[^，,。！？在]{1,12}?)(?:干|做|工作|上班|待)了"
         r"[^，,。！？]{0,6}?就(?P<verb>走了|离职了|辞职了|不干了|离开了)", "WORKS_AT", "organization", negated=True,
         trait="employer", coordinated=False, named_only=True),
    # 在长沙住了四年，这个月退了租搬走了: years in a place, then out of it (the home ends)
    _raw("zh_home_stay_then_out", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"在(?P<obj>[^，,。！？在]{1,10}?)(?:住|待|呆|生活)了"
         r"[^，,。！？]{0,8}[，,](?![^。！？]{0,12}?[他她])[^。！？]{0,12}?(?P<verb>搬走了|搬出来了|搬出去了|搬家了|退了租|退租了|退了房子?)",
         "LIVES_IN", "place", negated=True, trait="residence", coordinated=False, typed_only=True),
    # 我在华为待了八年，去年出来自己干了: years at a named employer, then out of it
    _raw("zh_work_stay_then_out", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"在(?P<obj>[^，,。！？在]{1,12}?)(?:干|做|工作|上班|待)了"
         r"[^，,。！？]{0,8}[，,][^。！？]{0,8}?(?P<verb>出来了|出来自己干|出来单干|出来创业|辞职了|离职了|走了|不干了|离开了|被优化了|被裁了|被裁员了|被辞退了|被开了|被开除了)",
         "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False, named_only=True),
    # 唉，被裁了，在京东干了六年: out of the job first, then the years at the employer it ends
    _raw("zh_work_out_then_stay", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"(?:也|刚|今天|昨天|上周|上个月)?"
         r"(?P<verb>被优化了|被裁了|被裁员了|被辞退了|被开了|被开除了|离职了|辞职了|失业了)[^，,。！？]{0,4}[，,]\s*"
         r"(?:之前|以前)?在(?P<obj>[^，,。！？在]{1,12}?)(?:干|做|工作|上班|待)了",
         "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False, named_only=True),
    # 上个月被蔚来汽车裁了: the subject is often left out — the speaker, from the clause start
    _raw("zh_work_laid_off", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?P<verb>被)(?P<obj>[^，,。！？被]{1,12}?)"
         r"(?:裁了|裁员了|辞退了|开除了|优化了|炒了|炒鱿鱼了)", "WORKS_AT", "organization", negated=True,
         trait="employer", coordinated=False),
    # 我们公司（蔚来）最近在裁员: the employer named in brackets after "our company"
    _raw("zh_our_company_named", "zh", r"(?P<subj>我们|我)(?:的)?(?:公司|单位|司)(?P<verb>[（(])(?P<obj>[^）)，,。]{2,12})(?=[）)])",
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    # 从星河传媒出来以后, 跟恒远物流的合同到期没续: out of a named employer
    # (从合租的房子搬出来了: a home moved out of, no job)
    _raw("zh_work_out_of", "zh", _ZH_CLAUSE + _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>从)(?P<obj>[^，,。！？从]{2,10}?)"
         r"(?<![搬住跑走])(?=出来(?:以后|之后|后|了))(?![^，,。！？]{0,4}?(?:房子|家|宿舍|公寓))", "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False,
         named_only=True),
    _raw("zh_work_contract_over", "zh", _ZH_CLAUSE + _ZH_WHO + r"?" + _ZH_GAP + r"(?:跟|和|与)(?P<obj>[^，,。！？跟和与]{2,10}?)的"
         r"(?P<verb>合同|劳动合同)(?:已经)?(?=到期(?:了|没续|没有续|不续了|没再续)|没续|没有续签|不续了)", "WORKS_AT", "organization",
         negated=True, trait="employer", coordinated=False, named_only=True),
    # 正式成为一名字节人了: one of a company's people (a company only: 北京人 is a hometown)
    _raw("zh_company_person", "zh", _ZH_CLAUSE + _ZH_WHO + r"?" + _ZH_GAP + r"(?:正式)?(?P<verb>成为了?|变成了?|是)(?:一名|一个|个)?"
         r"(?P<obj>[\u4e00-\u9fffA-Za-z]{2,6}?)人(?:了|啦)?(?=[，,。！？!?]|$)", "WORKS_AT", "organization", trait="employer",
         coordinated=False, typed_only=True),
    # 明远教育上周把我们整个部门都裁了: the company that let the speaker (and the team) go
    _raw("zh_work_company_cut_us", "zh", _ZH_CLAUSE + r"(?P<subj>)(?P<obj>[^，,。！？把]{2,10}?)" + _ZH_GAP +
         r"(?P<verb>把我们?)(?:整个|这个|我们)?(?:部门|组|团队|项目组|事业部)?(?:的人)?(?:都|全|全都)?"
         r"(?:裁了|裁掉了|优化了|开了|辞退了|开除了)", "WORKS_AT", "organization", negated=True, trait="employer",
         coordinated=False, named_only=True),
    _raw("zh_work_last_day_there", "zh", _ZH_WHO + _ZH_GAP + r"在(?:那边|那儿|那里|这家公司|那家公司|这边)的"
         r"(?P<verb>最后一天)(?P<obj>)", "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False,
         fixed_object="@employer"),
    _raw("zh_work_quit_there", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP +
         r"(?P<verb>离职了|辞职了|离职|辞职|辞掉了工作|把工作辞了|辞了|裸辞了|退休了|不干了|办完了?离职手续|办好了?离职手续|办了离职手续)(?P<obj>)(?=[了，,。！？]|$)", "WORKS_AT",
         "organization", negated=True, trait="employer", coordinated=False, fixed_object="@employer"),
    # 我退休了，以前在中石油: a past workplace named alone after 以前/之前/原来 (the relation, past)
    _raw("zh_work_past_bare", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?(?:以前|之前|原来|早年|年轻时)(?:是)?(?P<verb>在)"
         r"(?![^，,。！？]*(?:读|念书|上学|上课|学习))"
         r"(?P<obj>[^，,。！？在]{2,10}?)(?=(?:上班|工作|干)?(?:[，,。！？]|$))", "WORKS_AT", "organization",
         time_hint="past", coordinated=False, typed_only=True),
    _raw("zh_work_first_day", "zh", _ZH_WHO + _ZH_GAP + r"在(?P<obj>[^，,。！？在]{1,12}?)的(?P<verb>第一天)",
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    # 我现在改行做外卖骑手了，在美团: the new trade, then where (a comma part with no verb of its own)
    _raw("zh_work_changed_at", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"(?:改行|转行|换了?(?:份|个)?工作|跳槽)"
         r"[^。！？，,]{0,12}?[，,](?:现在|目前)?(?P<verb>在)(?P<obj>[^，,。！？在]{2,10}?)(?:上班|工作|干|做)?(?=[，,。！？]|$)",
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    # 蔚来倒闭了 / 公司倒闭了 after the company is named as the employer: the held employer's end
    _raw("zh_work_company_folded", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)" + _ZH_GAP +
         r"(?P<verb>倒闭了|破产了|关门了|黄了|解散了|跑路了)", "WORKS_AT", "organization", negated=True, trait="employer",
         coordinated=False, fixed_object="@employer~"),
    # 又回华为了 / 重新回到了阿里: a return to an employer memory knows (回老家 is a place: not read)
    _raw("zh_work_went_back", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"(?:又|重新|还是)?(?P<verb>回到了|回到|回了|回去了|回)"
         r"(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?:上班|工作)?(?=了|[，,。！？]|$)", "WORKS_AT", "organization", trait="employer",
         coordinated=False, known_object=True),
    # 今天去腾讯报到了 / 到浙江大学报到了: a start told as reporting in (a school's name makes it a
    # school, rule_engine); a bare 去X报到 is a plan, read only with a date (future_starts)
    _raw("zh_work_report", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"(?:正式)?(?:去了?|到了?|来)"
         r"(?P<obj>[^，,。！？去到来]{2,12}?)(?:正式)?(?P<verb>报到了|报道了|报到啦|报到完了|报完到了)",
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    _raw("zh_work_first_day_en_shape", "zh", r"(?P<subj>)(?P<verb>第一天|第一周|第一个星期|第一个月)在(?P<obj>[^，,。！？在]{1,12}?)"
         r"(?:上班|工作|(?=[，,。！？]|$))",
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    # 转去饿了么跑专送了, 朋友介绍进了顺丰同城: a move into an employer, told by going over to it
    _raw("zh_work_went_over", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"(?:[^，,。！？]{1,6}?介绍)?"
         r"(?P<verb>(?<!跳槽)(?:转去了?|转到了?|跳去了?|跳到了?)|(?<=介绍)进了)(?P<obj>[^，,。！？]{2,10}?)"
         r"(?=跑|做|当|干|上班|工作|实习|了|[，,。！？]|$)", "WORKS_AT", "organization", trait="employer", coordinated=False,
         typed_only=True),
    _raw("zh_work_last_day", "zh", _ZH_WHO + _ZH_GAP + r"在(?P<obj>[^，,。！？在]{1,12}?)的(?P<verb>最后一天)",
         "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False),
    # 还好住渝北回兴这边, 房子租在南坪, 跟同事在天河石牌桥合租: where one lives, told by the rent or the side of town
    _raw("zh_home_side", "zh", r"(?:^|(?<=[，,。！？\s])|(?<=还好)|(?<=现在)|(?<=目前)|(?<=我))(?P<subj>)(?P<verb>住在|住|房子租在|租在)(?P<obj>[\u4e00-\u9fff]{2,6}?)"
         r"(?:[\u4e00-\u9fff]{0,4}?)(?=这边|那边|这块|那块|这一片|一带)", "LIVES_IN", "place", trait="residence", coordinated=False,
         typed_only=True),
    _raw("zh_home_rented_at", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)(?:房子)?(?P<verb>租在)(?P<obj>[\u4e00-\u9fff]{2,6}?)(?=[，,。！？]|$)",
         "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    # 在回龙观合租, 张江这边租的房子, 新家在七宝老街附近: the frame says the name is where one lives
    # (neighbourhoods jieba rarely tags as places: 回龙观 nz, 张江 nr)
    _raw("zh_home_shared_in", "zh", r"(?:^|(?<=[，,。！？\s]))(?:我们|我)?(?P<subj>)(?:现在|目前|一直|还)?在(?P<obj>[\u4e00-\u9fff]{2,4}?)"
         r"(?:这边|那边)?(?P<verb>合租)(?=[\s，,。！？]|了|$)", "LIVES_IN", "place", trait="residence", coordinated=False),
    _raw("zh_home_rented_side", "zh", r"(?:^|(?<=[，,。！？\s]))(?:我们|我)?(?P<subj>)(?:现在|目前)?(?:在)?(?P<obj>[\u4e00-\u9fff]{2,4}?)(?:这边|那边|这块)"
         r"(?P<verb>租的)(?:房子?|老破小|单间|公寓|一居室|两居室|小房子|开间|次卧|主卧)", "LIVES_IN", "place", trait="residence",
         coordinated=False),
    _raw("zh_new_home_at", "zh", r"(?:^|(?<=[，,。！？\s]))(?:我们|我)?(?P<subj>)(?:的)?新家(?:就)?(?P<verb>在)(?P<obj>[\u4e00-\u9fff]{2,4}?)"
         r"(?=附近|这边|那边|旁边|边上|老街|[\s，,。！？]|$)", "MOVED_TO", "place", trait="residence", coordinated=False),
    # 搬完家了！！现在住回龙观: where one lives now, the place right after 住 (a kind of lodging is no place)
    _raw("zh_home_now_at", "zh", r"(?:^|(?<=[，,。！？\s]))(?:我们|我)?(?P<subj>)(?:现在|目前|如今)(?:就)?(?P<verb>住在|住)"
         r"(?P<obj>(?!酒店|宾馆|宿舍|家里|公司|学校|单位|医院|老家|我家|他家|她家|[儿女]子家|女儿家|爸妈家|父母家|这|那|哪|得|的|着|院)"
         r"[\u4e00-\u9fff]{2,4}?)(?=[，,。！？\s]|$)", "LIVES_IN", "place", trait="residence", coordinated=False),
    _raw("zh_home_shared", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:跟|和)(?:同事|室友|朋友|同学|闺蜜|哥们)[^，,。！？]{0,4}?在(?P<obj>[\u4e00-\u9fff]{2,6}?)"
         r"(?P<verb>合租)", "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    # 我已经不在北京住了: the place one no longer lives in (before the job reading of 不在X了)
    _raw("zh_home_not_there", "zh", _ZH_WHO + _ZH_GAP + r"(?:已经)?(?P<verb>不在|没在)(?P<obj>[^，,。！？在]{1,10}?)"
         r"(?:住|生活|待)了", "LIVES_IN", "place", negated=True, trait="residence", coordinated=False, named_only=True),
    _raw("zh_work_not_there", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>不在)(?P<obj>[^，,。！？]{1,12}?)"
         r"(?:工作|上班|干)?了", "WORKS_AT", "organization", negated=True, trait="employer", coordinated=False,
         named_only=True),
    _raw("zh_work_past", "zh", _ZH_WHO + r"?(?:以前|之前|曾经|原来|过去)(?:也|一直|都|也一直)?(?P<verb>在)(?P<obj>[^，,。！？在]{1,12}?)"
         r"(?=(?:工作|上班|干|实习|任职|做过|当过))", "WORKS_AT", "organization", time_hint="past", coordinated=False),
    _raw("zh_work_past_guo", "zh", _ZH_WHO + r"?(?:以前|曾经|原来|过去)?" + _ZH_GAP + _ZH_NEG + r"(?P<verb>在)(?P<obj>[^，,。！？在]{1,12}?)"
         r"(?=(?:工作|上班|干|实习|任职)过|上过班|打过工)", "WORKS_AT", "organization", time_hint="past", coordinated=False),
    _raw("zh_work_past_stay", "zh", _ZH_WHO + r"?(?:以前|曾经|原来|过去)?" + _ZH_GAP + r"(?P<verb>在)(?P<obj>[^，,。！？在]{1,12}?)"
         r"(?=待过)", "WORKS_AT", "organization", time_hint="past", coordinated=False, typed_only=True),
    _zh("zh_work_at", r"正在(?!找)|在(?!找)", "WORKS_AT", "organization", coordinated=False, trait="employer",
        # (在美团工作的朋友: the one who works there is the friend — 的 opens a relative clause, but
        # not 的时候 / 的那几年, the speaker's own past)
        tail=r"(?=(?:(?:工作(?!和?生活)|上班|任职|实习|打工|教书)(?!的(?!时候|那|这|期间|日子|第))|上了[一二三四五六七八九十两几半\d]+(?:年|个月|个多月)(?:多)?(?:的)?班|"
             # 在立讯精密打螺丝 / 搬砖 / 当牛马: work, in chat's self-mocking words
             r"打螺丝|搬砖|当牛马|当社畜))"),
    # 在网易做产品; never 在用Notion做笔记 (在用 is "using"), 在家做饭
    _zh("zh_work_at_role", r"在(?![用听看玩学练])", "WORKS_AT", "organization", coordinated=False, trait="employer",
        tail=r"(?=(?:做(?!饭|菜|作业|运动|瑜伽|家务|笔记)|当(?!然|劳)|干(?!什么|嘛|活)))", named_only=True),
    _raw("zh_work_role", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>是)(?P<obj>[^，,。！？的]{2,12}?)的[\u4e00-\u9fff]{0,4}"
         r"(?:" + "|".join(JOB_ROLES_ZH) + ")",
         "WORKS_AT", "organization", trait="employer", coordinated=False, named_only=True),
    _raw("zh_work_from_to", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"从[^，,。！？从]{1,12}?(?:辞职|离职)?[，,]?(?:后)?"
         r"(?P<verb>跳槽到了|跳槽到|跳槽去了|跳槽去|跳到了|跳去了|换到了|(?<!搬)去了|加入了)" + _ZH_OBJ, "WORKS_AT", "organization",
         trait="employer", coordinated=False),
    # 进了三一重工做结构设计: an organisation entered, with the work done there
    _raw("zh_work_entered", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?<![搬住])(?P<verb>进了|进入了|考进了)(?P<obj>[\u4e00-\u9fffA-Za-z0-9]{2,12}?)"
         r"(?=(?:做|当|干|搞)[\u4e00-\u9fff]{1,6}|上班|工作)", "WORKS_AT", "organization", trait="employer", coordinated=False,
         named_only=True),
    _raw("zh_work_enter", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?<![考搬住研博])(?P<verb>进了|进入了|去了)(?!一?趟)(?!(?:" + "|".join(VENUE_BRANDS_ZH) + r"))" + _ZH_OBJ +
         r"(?=(?:工作|上班|实习|当|做|干)|[，,。！？]|$)", "WORKS_AT", "organization", trait="employer", coordinated=False,
         typed_only=True),
    _raw("zh_work_leave_goto", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?:离开了|辞掉了|离职了?|换了工作|换工作了|跳槽了|辞职了|工作不干了|不干了)"
         r"[^，,。！？]{0,12}?[，,]?(?:然后|后来|现在)?"
         r"(?P<verb>(?<!搬)去了|加入了|跳槽到了|(?<!搬)到了)" + _ZH_OBJ, "WORKS_AT", "organization", trait="employer",
         coordinated=False, named_only=True),
    _raw("zh_work_now_at", "zh", _ZH_WHO + r"?(?:现在|目前|如今|还|依然|仍然|现在还|目前还)(?P<verb>在)(?!(?:" + "|".join(VENUE_BRANDS_ZH) + r"))"
         r"(?P<obj>[^，,。！？在]{2,10}?)了?(?=[，,。！？]|$)",
         "WORKS_AT", "organization", trait="employer", coordinated=False, typed_only=True),
    # 今年三月我跳到了快手: a job hop told without 槽; only a name (跳到了河里 is no employer)
    # 换工作了，新公司是美团: the new employer named as the company
    _raw("zh_work_new_company", "zh", r"(?:^|(?<=[，,。！？\s]))(?:我的?|我们的?)?(?P<subj>)(?:新公司|新单位|新东家|现在的公司|现在的单位|新工作)"
         r"(?P<verb>是|叫|在)(?P<obj>[^，,。！？是在]{2,10}?)(?=了|[，,。！？]|$)", "WORKS_AT", "organization", trait="employer",
         coordinated=False, named_only=True),
    _zh("zh_work_hop", r"跳到了|跳去了|跳到", "WORKS_AT", "organization", coordinated=False, trait="employer",
        named_only=True),
    # (入职两个月了: how long since joining, no company)
    _zh("zh_work_join", r"(?:就职于|任职于|供职于|(?:就职|任职|供职)(?=于)|加入了|入职了|入职(?!时间|日期|手续|体检|培训|通知|材料|以来|之前|之后|前|后|第)|跳槽到了|跳槽到|跳槽去了|换到了|去了(?=[^，。]*(?:上班|工作)))"
        r"(?![一二三四五六七八九十两半几\d]+个?多?(?:月|年|周|天|星期))", "WORKS_AT",
        "organization", coordinated=False, trait="employer"),
    # stop 33, natural changes told in chat: 我跳槽去美团了 (跳槽去 with the company before 了)
    _zh("zh_work_hop_to", r"跳槽去(?!了)", "WORKS_AT", "organization", coordinated=False, trait="employer",
        tail=r"(?=了|啦|[，,。！？!?]|$)"),
    # 蔚来第一周打卡完成, 字节入职第一周: a job's first days, named by the company before them
    _raw("zh_work_first_days", "zh", _ZH_CLAUSE + r"(?P<subj>)(?:在)?(?P<obj>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?:的)?"
         r"(?P<verb>入职第一[天周]|第一周打卡|第一天上班|上班第一天|第一天打卡)", "WORKS_AT", "organization",
         trait="employer", coordinated=False, named_only=True),
    # 我有辆大众高尔夫, 我家有一台比亚迪秦: a car one has ("I have a Honda Civic" is DRIVES too)
    _raw("zh_vehicle_have", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>有)(?:一)?[辆台部](?:二手的?|新的?|旧的?|老的?)?" + _ZH_OBJ,
         "DRIVES", "vehicle", trait="vehicle", coordinated=False, typed_only=True),
    # 提车啦！比亚迪海豹, 新车到手：Model Y: the car just picked up (提了X is a purchase: zh_bought)
    _raw("zh_vehicle_picked_up", "zh", _ZH_CLAUSE + r"(?P<subj>)(?:我|我们)?(?:今天|昨天|终于|刚刚?|上周|周末)?"
         r"(?P<verb>提车啦|提车了|新车到手)[！!：:，,\s~～]*"
         r"(?P<obj>[A-Za-z0-9\u4e00-\u9fff\-]{2,12}?)(?=[，,。！？!?\s~～]|$|，)", "DRIVES", "vehicle", trait="vehicle",
         coordinated=False, typed_only=True),
    # 领养了一只边牧，叫可乐 / 接回来一只柯基 叫土豆 / 养猫了！布偶，名字叫奶糖: an animal brought home and named
    _raw("zh_pet_brought_home_named", "zh", _ZH_CLAUSE + r"(?P<subj>我们家|我家|我们|我|自己)?(?:自己)?(?:终于|刚|刚刚|今天|昨天|上周|又)?"
         r"(?:从[^，,。！？!?]{1,8}?)?(?P<verb>领养了|收养了|领回来|领回了|接回来|接回了|抱回来|抱回了|买了|养了)(?:一只|只|一条|条|俩|两只)?"
         r"(?P<kind>" + _ZH_PET + r")[^，,。！？!?]{0,6}?[，,\s！!]*(?:名字)?叫(?P<obj>[\u4e00-\u9fff]{2,3}?)(?=[，,。！？!?\s]|$)",
         "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True),
    # 现在落脚成都高新区, 在温哥华安顿下来了: where one settled
    _raw("zh_home_settled", "zh", _ZH_CLAUSE + r"(?P<subj>)(?:我|我们)?(?:现在|终于|已经|总算)?(?P<verb>落脚)(?:在|到)?"
         r"(?P<obj>[\u4e00-\u9fff]{2,8}?)(?=了|啦|[，,。！？!?]|$)", "LIVES_IN", "place", trait="residence", coordinated=False,
         typed_only=True),
    _raw("zh_home_settled_in", "zh", _ZH_CLAUSE + r"(?P<subj>)(?:我|我们)?(?:现在|终于|已经|总算)?在(?P<obj>[\u4e00-\u9fff]{2,6}?)"
         r"(?P<verb>安顿下来|安顿好)", "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    # vehicle
    _raw("zh_vehicle_is", "zh", r"(?P<subj>我们|我(?P<rel>" + _ZH_REL + r")?)(?:的|家的)(?P<kind>车|座驾|爱车|电动车|摩托车|新车)(?P<verb>是)(?:一辆|辆)?"
         + _ZH_OBJ, "DRIVES", "vehicle", trait="vehicle", coordinated=False, named_only=True),
    _raw("zh_vehicle_swap_to", "zh", r"(?P<subj>我们|我)?" + _ZH_GAP + r"把[^，,。！？把]{1,14}?(?P<verb>(?:置)?换成了|(?:置)?换成|(?:置)?换了)(?:一辆|辆)?"
         + _ZH_OBJ, "DRIVES", "vehicle", trait="vehicle", coordinated=False, typed_only=True),
    _raw("zh_vehicle_swap_from", "zh", r"(?P<subj>我们|我)?" + _ZH_GAP + r"(?P<verb>把)(?:我的|旧的|那辆|[^，,。！？把的]{1,8}的)?(?P<obj>[^，,。！？把的]{1,10}?)"
         # 把开了六年的五菱宏光置换成了…: the car after the clause that describes it
         r"(?=(?:置)?换成了|(?:置)?换成|(?:置)?换了)", "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False, typed_only=True),
    # 开了七年的凯美瑞终于换成了理想L7: the car described by its years, told first, is the one
    # changed from (zh_drive read "开了七年的X" as the car now driven)
    _raw("zh_vehicle_topic_swap_from", "zh", _ZH_CAR_BY_YEARS + r"(?P<obj>[^，,。！？的]{2,10}?)(?P<verb>)" + _ZH_GAP +
         r"(?=(?:置)?换成了?|(?:置)?换了)", "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False, typed_only=True),
    # 那辆开了八年的捷达上周卖了: the car described by its years, sold or scrapped, is the one ended
    _raw("zh_vehicle_topic_sold", "zh", _ZH_CAR_BY_YEARS + r"(?P<obj>[^，,。！？的]{2,10}?)" + _ZH_GAP +
         r"(?:被我|我)?(?:终于|总算|也|已经)?(?P<verb>卖了|卖掉了|出手了|处理了|处理掉了|报废了|转手了|卖给了)",
         "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False, typed_only=True),
    _raw("zh_vehicle_topic_swap_to", "zh", _ZH_CAR_BY_YEARS + r"[^，,。！？的]{2,10}?" + _ZH_GAP +
         r"(?P<verb>(?:置)?换成了|(?:置)?换成|(?:置)?换了)(?:一辆|辆)?" + _ZH_OBJ, "DRIVES", "vehicle", trait="vehicle",
         coordinated=False, typed_only=True),
    # 我那辆老大众帕萨特还在凑合开: the car one still drives
    _raw("zh_vehicle_still_driven", "zh", r"(?P<subj>我们|我)(?:的|家的)?(?:那辆|那台|这辆|这台|家那辆)(?:老|旧|破)?(?P<obj>[^，,。！？的]{2,10}?)"
         r"(?:还在|一直在|还|照样|仍然|依然)(?:凑合|将就|天天|每天)?(?P<verb>开|骑)(?:着)?(?=[，,。！？]|$)",
         "DRIVES", "vehicle", trait="vehicle", coordinated=False, typed_only=True),
    # 我那台哪吒V开了两年了: the car one has driven for years
    _raw("zh_vehicle_driven_years", "zh", r"(?P<subj>我们|我)(?:的|家的)?(?:那台|那辆|这台|这辆|家那辆)?(?P<obj>[^，,。！？的]{2,10}?)"
         + _ZH_GAP + r"(?P<verb>开了|骑了)(?=(?:快|都|已经|有)?(?:[一二三四五六七八九十两几半\d]+年|好几年|很多年|多年))",
         "DRIVES", "vehicle", trait="vehicle", coordinated=False, typed_only=True),
    _raw("zh_vehicle_stolen", "zh", r"(?P<subj>我们|我)(?:的|家的|那辆|那台|这辆|这台|家那辆)(?P<obj>[^，,。！？的]{1,16}?)" + _ZH_GAP +
         r"(?:直接|彻底|整个|当场)?(?P<verb>被(?:人|贼|小偷)?偷(?:走)?了|被盗了|丢了|报废了|撞报废了)", "DRIVES", "vehicle", negated=True, trait="vehicle",
         coordinated=False, typed_only=True),
    _raw("zh_vehicle_end", "zh", r"(?:" + _ZH_WHO + r")?" + _ZH_GAP + r"(?:已经)?(?P<verb>把)(?:我的|他的|她的|自己的|旧的|那辆|我那辆|家里的|旧|[^，,。！？把的]{1,8}的)?(?P<obj>[^，,。！？把的]{1,12}?)"
         r"(?:卖了|卖掉了|卖给了?[^，,。！？]{1,6}|处理掉了|报废了|出手了|二手卖了|出掉了|出了)", "DRIVES", "vehicle", negated=True, trait="vehicle",
         coordinated=False),
    _raw("zh_vehicle_it_sold", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_GAP + r"(?:这车|那车|这辆车|那辆车|车)(?P<subj>)" + _ZH_GAP +
         r"(?:被我)?(?P<verb>卖了|卖掉了|出手了|报废了|被偷了|被撞报废了)(?P<obj>)", "DRIVES", "vehicle", negated=True,
         trait="vehicle", coordinated=False, fixed_object="@vehicle"),
    _raw("zh_vehicle_given", "zh", r"(?P<subj>我们|我)(?:的|家的|那辆|家那辆)(?P<obj>[^，,。！？的把]{1,10}?)" + _ZH_GAP +
         r"(?P<verb>送给了?|送人了|转给了?|转手给了?|卖给了?)", "DRIVES", "vehicle", negated=True, trait="vehicle",
         coordinated=False, typed_only=True),
    # 天天开它上下班: the car the batch named before (它 resolves to it)
    _raw("zh_drive_it", "zh", r"(?<![他她])(?P<subj>)(?:天天|每天|平时|一直|都|我)?(?P<verb>开|骑)(?:着)?(?P<obj>它)(?=上下班|上班|去|出门|通勤|回家|兜风|跑)",
         "DRIVES", "vehicle", trait="vehicle", coordinated=False),
    # 那辆开了八年的本田雅阁，上周终于卖掉了: the car told first, its sale after the comma
    _raw("zh_vehicle_topic_sold", "zh", _ZH_CLAUSE + r"(?P<subj>)(?:我的?)?(?:之前|以前)?(?:那辆|那台|这辆|这台|我那辆|我那台)?(?:开了"
         r"[一二三四五六七八九十两几半\d]+年多?的)?(?P<obj>[^，,。！？的]{2,10}?)(?:开了[一二三四五六七八九十两几半\d]+年多?了?)?[，,]"
         r"(?:[^，,。！？]{0,6}?)(?:终于|已经|总算|还是)?(?P<verb>卖掉了|卖了|出手了|转手了|处理掉了|报废了|卖出去了)",
         "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False, typed_only=True),
    _raw("zh_vehicle_sold_bare", "zh", r"(?:(?<=[，,])|^)(?P<subj>)" + _ZH_GAP + r"(?:被我|我)?(?P<verb>卖了|卖掉了|卖掉|出手了|转手了|报废了)"
         r"(?P<obj>)(?=[，,。！？]|$)", "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False,
         fixed_object="@vehicle"),
    _raw("zh_vehicle_end_first", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我们|我)?(?:的|那辆|家那辆|家的)?(?:旧的|旧|那台|那部|那个)?"
         # (我爸那台老捷达报废了: the car of the kin named after 我 is theirs)
         r"(?!(?:爸|妈|哥|姐|弟|妹|爷|奶|舅|姨|叔|姑|婶|老公|老婆|儿子|女儿|朋友|同事|室友|邻居))(?P<obj>[^，,。！？把我]{1,12}?)"
         + _ZH_GAP + r"(?P<verb>卖了|卖掉了|出手了|报废了|转手了|出掉了|过户了|卖给(?=[^，,。！？]{1,6}?了)|过户给(?=[^，,。！？]{1,6}?了)|"
         r"转给(?=[^，,。！？]{1,6}?了))", "DRIVES", "vehicle", negated=True, trait="vehicle",
         coordinated=False, named_only=True),
    # 电动车被偷了，现在坐公交上班: a vehicle told first, then stolen (the thing's word ends the
    # name: 车牌, 车里的包 and 车上的东西 are no vehicle)
    _raw("zh_vehicle_stolen_first", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我们|我)?(?:的|那辆|家那辆|家的)?(?:旧的|旧|那台|那部|那个)?"
         r"(?!(?:爸|妈|哥|姐|弟|妹|爷|奶|舅|姨|叔|姑|婶|老公|老婆|儿子|女儿|朋友|同事|室友|邻居))"
         r"(?P<obj>[^，,。！？把我的里上内]{0,10}?(?:车|电驴|摩托))" + _ZH_GAP + r"(?P<verb>被(?:人|贼|小偷)?偷(?:走)?了|被盗了)",
         "DRIVES", "vehicle", negated=True, trait="vehicle", coordinated=False, named_only=True),
    # 我的特斯拉被追尾了 / 我的奥迪A4被人刮了: a mishap to one's own car says one has it
    _raw("zh_vehicle_mishap", "zh", r"(?P<subj>我们|我)(?:的|家的|那辆|家那辆)(?P<obj>[^，,。！？的]{2,10}?)" + _ZH_GAP +
         r"(?P<verb>被(?:人|别人|车|后车)?(?:刮了|刮花了|追尾了|撞了|蹭了|剐了|划了|剐蹭了|贴了罚单)|(?:又)?坏了|送去(?:修|保养)了)",
         "DRIVES", "vehicle", trait="vehicle", coordinated=False, typed_only=True),
    # (在开会 is a meeting, 骑四十分钟 a duration: neither is a vehicle; 骑车 / 开车 alone is cycling
    # or driving — 骑车穿啥护具, 冬天骑车去学校 — and names no vehicle)
    _zh("zh_drive", r"(?:开的是|骑的是|开着(?!上下班|上班|去|回|出门|来)|开一辆|开了一辆|(?:开|骑)了[一二三四五六七八九十两几\d]+年的|现在开|在开|(?:的)?座驾是|骑着|骑|换了一辆|换了辆|换成了|换成)"
        r"(?!会|玩笑|心|始|空调|窗|灯|门|药|票|刀|店|播|工|学|车(?!型|牌|子是)|[一二三四五六七八九十两半几\d]+个?半?(?:小时|分钟|钟头|天|公里|站))", "DRIVES",
        "vehicle", trait="vehicle", coordinated=False),
    # 我换了台理想L6: 台 is also a computer's or a phone's measure word, so a car only when typed
    # (置换了蔚来et5: a trade-in, the car taken; 上了特斯拉: bought into, in chat)
    _zh("zh_drive_swap_tai", r"换了一台|换了台|置换了(?:一台|台|一辆|辆)?|(?<![早晚马])上了(?:一台|台|一辆|辆)?(?=[\u4e00-\u9fffA-Za-z])",
        "DRIVES", "vehicle", trait="vehicle", coordinated=False, typed_only=True),
    _zh("zh_drove_past", r"以前开过|之前开过|曾经开过|开过", "DRIVES", "vehicle", time_hint="past", coordinated=False,
        typed_only=True),
    _raw("zh_vehicle_mine_years", "zh", r"(?P<subj>我们|我)(?:的|家的|家那辆|那辆)(?P<obj>[^，,。！？的]{2,10}?)(?P<verb>开了|骑了)"
         r"(?=[一二三四五六七八九十两几\d]+年|好几年|很多年|好多年)", "DRIVES", "vehicle", trait="vehicle", coordinated=False,
         typed_only=True),
    _zh("zh_drive_bare", r"开|骑", "DRIVES", "vehicle", trait="vehicle", coordinated=False, typed_only=True),
    # 周末喜提新冠: "happily received" a condition, in chat irony
    _zh("zh_health_got_ironic", r"喜提", "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    # 我祖籍是烟台的, 籍贯湖南: where one's family is from
    _zh_home_word("zh_from_ancestral", "", r"(?P<verb>祖籍|籍贯)"),
    # 老家安徽的, 我老家是湖南的: where home is, told as such (回老家X / 搬回老家X is a move, read apart)
    _zh_home_word("zh_from_laojia", r"(?:^|(?<=[，,。！？\s]))", r"(?<![回到])(?P<verb>老家)"),
    # 甲流中招了, 中招了新冠: caught it (a listed condition, or one by its shape)
    _raw("zh_health_caught", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?P<obj>[\u4e00-\u9fffA-Za-z]{2,6}?)(?P<verb>中招)",
         "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    # pets
    _raw("zh_pet_end", "zh", r"(?P<subj>我们家|我们|我家|我)?(?:家)?(?:的)?(?:那只|这只|那条|只)?(?P<kind>" + _ZH_PET + r")"
         # (泰迪上礼拜跑丢了: a time word is no name)
         r"(?P<obj>(?!上礼拜|上个礼拜|这礼拜|上星期|上个星期)(?:(?![被让给])[\u4e00-\u9fffA-Za-z]){0,6}?)"
         + _ZH_GAP + r"(?:被[\u4e00-\u9fff]{1,3}?|得病|生病|病|老|意外|养)?(?P<verb>去世了|安乐死了|死了|走丢了|走了|丢了|跑丢了|跑出去(?:就)?再也没回来|再也没回来|跑了|不见了|飞走了|没了|病逝了|被偷了|放生了|放飞了|挂了|去(?:了)?(?:汪星|喵星)(?:了)?|"
         # 豆豆是2021年冬天走的: the death told with when it was
         r"是[^，,。！？是]{1,12}?(?:走|去世|死|病逝)的)", "HAS_PET", "animal", negated=True,
         trait="pet", coordinated=False),
    _raw("zh_together_for", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我)(?:和|跟)(?P<obj>[\u4e00-\u9fff]{2,3}?)(?P<verb>在一起)"
         r"(?=(?:已经|都|也|快|有|差不多)?[一二三四五六七八九十两几半\d]+(?:年|个月|周)|(?:已经|都|也)?(?:好久|很久|好几年)|快半年)",
         "DATING", "person", trait="partner", coordinated=False, named_only=True),
    # 公司把我从上海调到了北京: a transfer is a move
    _raw("zh_transferred", "zh", r"(?:公司|单位|领导|老板)?(?P<subj>)把我(?:从[\u4e00-\u9fff]{2,6}?)?(?P<verb>调到了|调去了|派到了|外派到了|调回了)"
         r"(?P<obj>[\u4e00-\u9fff]{2,6}?)(?=[，,。！？]|$|工作|上班)", "MOVED_TO", "place", trait="residence", coordinated=False,
         typed_only=True),
    _raw("zh_transferred_from", "zh", r"(?:公司|单位|领导|老板)?(?P<subj>)把我(?P<verb>从)(?P<obj>[\u4e00-\u9fff]{2,6}?)(?:调到|调去|派到|外派到|调回)",
         "LIVES_IN", "place", coordinated=False, typed_only=True),
    # 去深圳发展了: going somewhere to make one's career there is a move
    _raw("zh_go_develop", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>去了?|到)(?P<obj>[\u4e00-\u9fff]{2,6}?)(?=发展了|打拼了|闯荡了)",
         "MOVED_TO", "place", trait="residence", coordinated=False, typed_only=True),
    # 毕业后留在了杭州: staying on somewhere is living there
    _raw("zh_stayed_on", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?:毕业后|毕业以后|后来|之后|就)?(?P<verb>留在了|留在)"
         r"(?P<obj>[\u4e00-\u9fff]{2,6}?)(?=[，,。！？]|$|工作|发展|生活|定居)", "LIVES_IN", "place", trait="residence",
         coordinated=False, typed_only=True),
    # 在三亚待了一周: a short stay is a visit (half a year or more is a past home, as dev has 在上海待了半年;
    # years are a home: 在杭州待了五年, 在北京住了八年 stay LIVES_IN)
    _raw("zh_stayed_for", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>在)(?P<obj>[\u4e00-\u9fff]{2,6}?)(?:待了|呆了|玩了)"
         r"(?=[一二三四五六七八九十两几\d]+(?:天|周|个星期)|半个月|一阵子?|几天)", "VISITED", "place", coordinated=False,
         typed_only=True),
    # 我家那只英短最近总是掉毛: a pet of the household, by its species
    # 汤圆送给我表姐养了: a name given to someone to keep is a pet given away (the 养 types it)
    _raw("zh_pet_given_to_keep", "zh", _ZH_CLAUSE + r"(?P<subj>)(?P<obj>(?!孩子|儿子|女儿|宝宝|小孩|娃|钱|房子)[\u4e00-\u9fff]{2,3}?)" + _ZH_GAP +
         r"(?:被我们?)?(?P<verb>送给了?|交给了?|托付给了?)(?:我的?)?[\u4e00-\u9fff]{1,4}?养(?:了|着)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False),
    # 我家年糕昨天刚做完绝育: a name cared for as a pet (绝育, 疫苗, 驱虫)
    _raw("zh_pet_by_care", "zh", _ZH_CLAUSE + r"(?P<subj>我们家|我家)(?P<obj>[\u4e00-\u9fff]{2,3}?)" + _ZH_GAP +
         r"(?:刚|去)?(?P<verb>做完绝育|做了绝育|绝育了|打完疫苗|打了疫苗|打疫苗|驱虫|做驱虫|去宠物医院)",
         "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True),
    # 新领养的土狗豆包特别黏人: a pet brought home, by its kind and then its name
    _raw("zh_pet_adopted_named", "zh", _ZH_CLAUSE + r"(?P<subj>我们家|我家|我们|我)?(?:新|刚|刚刚)?"
         r"(?P<verb>领养的|收养的|捡的|捡来的|养的|接回来的)(?P<kind>" + _ZH_PET + r")"
         r"(?P<obj>(?![很特超太真也都又最好挺不没是就还])[\u4e00-\u9fff]{2,3}?)"
         r"(?=最近|总是|老是|又|今天|昨天|每天|天天|特别|很|超|一直|刚|在|会|不|也|都|喜欢|爱|[，,。！？]|$)",
         "HAS_PET", "animal", trait="pet", coordinated=False, named_only=True),
    _raw("zh_household_pet", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我家|我们家)(?P<verb>的?(?:那只|这只|那条|这条|只|条)?)"
         r"(?P<obj>" + _ZH_PET + r")(?=最近|总是|老是|又|今天|昨天|每天|天天|特别|很|超|一直|刚|在|会|不|也|都|喜欢|爱|生病|病了|怀孕|生了|[，,。！？]|$)",
         "HAS_PET", "animal", trait="pet", coordinated=False),
    # 我们在苏州的房子 / 我在杭州的家: where one's home is
    _raw("zh_home_in", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我们家|我们|我家|我)(?P<verb>在)(?P<obj>[\u4e00-\u9fff]{2,6}?)"
         r"的(?:房子|家|公寓|住处|出租屋)(?![^，,。！？]*(?:卖|出租|租出去|空着))", "LIVES_IN", "place", trait="residence",
         coordinated=False, typed_only=True),
    # 跑滴滴, 跑美团: a side gig (the relation, no employer trait)
    _raw("zh_gig", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?:在)?(?P<verb>跑|送)(?P<obj>滴滴|美团|饿了么|货拉拉|曹操|高德|花小猪|闪送|顺丰)"
         r"(?:外卖|快递|专车|网约车)?", "WORKS_AT", "organization", coordinated=False),
    # 只好给大黄安乐死了: a pet put to sleep by its name alone (安乐死 is one word, never part of the
    # name; with the species, 让老狗大黄安乐死了, zh_pet_end reads it)
    _raw("zh_pet_euthanised", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?:不得不|只好|只能)?(?:让|把|给)(?:我家|我们家)?的?(?:老)?"
         r"(?:(?P<kind>" + _ZH_PET + r"))?(?P<obj>[\u4e00-\u9fff]{0,4}?)(?P<verb>安乐死了|安乐了)", "HAS_PET", "animal",
         negated=True, trait="pet", coordinated=False),
    # 我家咪咪是只橘猫: the household's animal named, then its kind
    _raw("zh_pet_home_is_kind", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我家|我们家)(?P<obj>(?![养的那这])(?:(?![的养])[\u4e00-\u9fff]){2,3}?)(?P<verb>是(?:一)?(?:只|条))"
         r"(?:[\u4e00-\u9fff]{0,3}?)(?:猫|狗|犬|兔|兔子|鹦鹉|仓鼠|龟|乌龟|柯基|金毛|泰迪|柴犬|哈士奇|英短|布偶|边牧|拉布拉多|萨摩耶|比熊|博美)"
         r"(?=[，,。！？\s]|$)", "HAS_PET", "animal", trait="pet", coordinated=False),
    _raw("zh_pet_end_known", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6}?)" + _ZH_GAP +
         r"(?P<verb>去世了|死了|走了|跑丢了|走丢了|丢了|跑出去(?:就)?再也没回来|跑出去没回来|再也没回来|不见了|病逝了|(?:被[\u4e00-\u9fff]{1,4}?)?(?:送人了|送走了|送养了|领养走了|领养了|抱走了|放生了|放飞了)|"
         # 它上个月被车撞了，没救回来: the death told by the rescue that failed
         r"(?:被车撞了|出了车祸|生病了|病了)?[，,]?(?:最后|还是)?(?:没救回来|没抢救过来|没挺过来|没熬过去)|去(?:了)?(?:汪星|喵星)(?:了)?)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, known_object=True),
    _raw("zh_pet_rehome", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>把)(?:我的|我家的|家里的)?(?P<obj>[^，,。！？把]{1,8}?)"
         r"(?:送人了|送给了?[^，,。！？]{1,6}|送走了|送养了|送回[^，,。！？]{0,4}?了|托付给了?[^，,。！？]{1,6}|交给了?[^，,。！？]{1,6}养|放生了|放飞了)",
         "HAS_PET", "animal", negated=True, trait="pet",
         coordinated=False, typed_only=True),
    # 仓鼠送人了: a pet by its kind at the clause start, the owner left out
    _raw("zh_pet_given", "zh", _ZH_CLAUSE + r"(?P<subj>我们家|我们|我家|我)?(?:家里|家)?(?:的)?(?:那只|这只|那条)?(?P<kind>" + _ZH_PET +
         r")(?P<obj>(?:(?![被让给送])[\u4e00-\u9fffA-Za-z]){0,6}?)" + _ZH_GAP +
         r"(?P<verb>送人了|送走了|送养了|送养给了?|送给了?|被[\u4e00-\u9fff]{1,4}?(?:领养了|领养走了|抱走了|送人了|送走了|送给了?))", "HAS_PET", "animal", negated=True, trait="pet",
         coordinated=False),
    # a known pet's name, then its rehoming: 雪球送给我表姐养了, 棉花被我送人了
    _raw("zh_pet_given_known", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6}?)" + _ZH_GAP +
         r"(?:被我们?|已经|也)?(?P<verb>送人了|送走了|送养了|送给了?[^，,。！？]{1,6}?(?:养了|了)|被[\u4e00-\u9fff]{1,3}?领养了)",
         "HAS_PET", "animal", negated=True, trait="pet", coordinated=False, known_object=True),
    # 我养过一只仓鼠, 小时候养过八哥: a pet of the past, the relation alone
    _raw("zh_pet_past_named", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>养过)(?:一只|只|一条|条)?(?:小)?(?P<kind>" + _ZH_PET +
         r")(?:叫)?(?P<obj>[\u4e00-\u9fff]{2}|[A-Za-z]{2,10})(?=[，,。！？\s]|$)", "HAS_PET", "animal", time_hint="past",
         coordinated=False, named_only=True),
    _raw("zh_pet_past", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>养过)(?:一只|只|一条|条|两只|几只|一对|好几只|[一二三四五六七八九十两几]只)?"
         r"(?:小)?(?P<obj>" + _ZH_PET + r")(?![\u4e00-\u9fff]{0,2}(?:粮|窝|笼|砂|厕所|玩具))", "HAS_PET", "animal", time_hint="past",
         coordinated=False),
    _raw("zh_pet_named", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"(?:从[^，,。！？从]{1,8}?)?"
         r"(?:(?:在)?(?:小区门口|小区楼下|学校门口|楼道里|楼下|路边|小区里?|门口|家门口|路上|街上|附近|公司楼下|公司门口)(?!有))?"
         r"(?:家里)?(?:新)?(?P<verb>养了|有|领养了|收养了|捡了|买了|来了|多了|添了|抱回了|抱回来了|接回了|接回家了|接了)(?:一只|只|一条|条)?"
         r"(?P<kind>[\u4e00-\u9fff]{0,3}?(?:猫|狗|犬|鼠|鸟|鱼|龟|兔|鹦鹉|猫咪|狗狗|柯基|金毛|泰迪|柴犬|哈士奇|英短|布偶|边牧|拉布拉多|"
         r"萨摩耶|比熊|博美|雪纳瑞|德牧|阿拉斯加|法斗|加菲|暹罗|狸花|蓝猫|" + _EN_PET_IN_ZH + r"))[，,]?(?:它)?"
         r"(?:[，,](?:决定|打算)?(?:养了|收养了|留下了|养着)[，,]?)?"
         r"(?:叫它|给它取名叫?|给它起名叫?|叫|名叫|名字叫|起名叫|取名叫|起名|取名)(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6})",
         "HAS_PET", "animal", trait="pet", coordinated=False),
    # 家里橘猫年糕十岁了: the home's animal by its kind and name
    _raw("zh_pet_home_kind_name", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我们家|我家|家里|我家里)(?:的)?(?P<kind>[\u4e00-\u9fff]{0,2}?(?:猫|狗|猫咪|狗狗|"
         r"柯基|金毛|泰迪|柴犬|哈士奇|英短|布偶|边牧|拉布拉多|萨摩耶|比熊|博美|兔|仓鼠|鹦鹉))(?P<verb>)(?P<obj>[\u4e00-\u9fff]{2})"
         r"(?=[一二三四五六七八九十两\d]+岁|今年|又|越来越|最近|天天|每天|总是|老是|特别|已经|现在)", "HAS_PET", "animal", trait="pet",
         coordinated=False, verb_types=True),
    # 新成员到家！一只垂耳兔，取名叫年糕: an animal named by whoever tells it (the naming is the owner's)
    # 接回来一只斯芬克斯 叫皮皮: an animal brought home, then its name (whatever the kind's word)
    _raw("zh_pet_brought_named", "zh", r"(?:^|(?<=[，,。！？\s]))(?:我们|我)?(?P<subj>)(?:今天|昨天|终于|刚)?(?P<verb>接回来|抱回来|领回来|领养了|带回来|带回家|接回家|抱回家)了?"
         r"(?:一只|一条|只|条)(?P<kind>[\u4e00-\u9fff]{1,5}?)[，,\s]*(?:取名叫|起名叫|名字叫|叫做|叫)(?P<obj>[\u4e00-\u9fff]{2,3})(?=[\s，,。！？]|$)",
         "HAS_PET", "animal", trait="pet", coordinated=False),
    _raw("zh_pet_one_named", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)(?P<verb>一只|一条)(?P<kind>[\u4e00-\u9fff]{0,3}?(?:猫|狗|犬|鼠|鸟|鱼|龟|兔|"
         r"鹦鹉|猫咪|狗狗|柯基|金毛|泰迪|柴犬|哈士奇|英短|布偶|边牧|拉布拉多|萨摩耶|比熊|博美|" + _EN_PET_IN_ZH + r"))[，,]?"
         r"(?:我们|我)?(?:给它)?(?:取名叫|起名叫|取名为|起名为|取名|起名)(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6})", "HAS_PET", "animal",
         trait="pet", coordinated=False),
    # 我家芝麻又把我论文踩满了爪印…这猫是懂学术的: 我家 + a name the same sentence calls 这猫 / 这狗
    _raw("zh_pet_home_name", "zh", r"(?P<subj>我们家|我家)(?P<obj>[\u4e00-\u9fff]{2})(?P<verb>)(?=今天|昨天|最近|又|总|天天|每天|把|在|一|老|就|也|还)"
         r"(?=[^。！？!?]*?这(?:只|条)?(?:猫|狗|猫咪|狗狗|小猫|小狗|小家伙|货))", "HAS_PET", "animal", trait="pet", coordinated=False,
         verb_types=True),
    _raw("zh_pet_named_bare", "zh", r"(?P<subj>我们家|我家|我)(?:的|新来的|新养的)?(?P<kind>" + _ZH_PET + r")[，,]?(?:它)?"
         r"(?P<verb>叫|名叫|名字叫|起名叫|取名叫|起名|取名)(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6})", "HAS_PET", "animal",
         trait="pet", coordinated=False),
    # 我养了两只猫，一只叫大橘，一只叫小白: each animal by its name, one clause each
    _raw("zh_pet_each_called", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>养了|有|养着)(?:两|三|四|几|2|3|4)(?:只|条)(?:" + _ZH_PET +
         r")[，,](?:其中)?(?:一只|一条|老大)(?:叫|名叫)(?P<obj>[\u4e00-\u9fffA-Za-z]{1,4}?(?:[，,](?:另)?(?:一只|一条|老二|老三)"
         r"(?:叫|名叫)[\u4e00-\u9fffA-Za-z]{1,4}?)+)(?=[，,。！？]|$)", "HAS_PET", "animal", trait="pet"),
    # 我养了两只猫，大橘和小白: each animal by its name
    _raw("zh_pet_several", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>养了|有|养着)(?:两|三|四|几|2|3|4)(?:只|条)"
         r"(?:" + _ZH_PET + r")[，,：:]?(?:分别叫|分别是|叫|是)?(?P<obj>[\u4e00-\u9fff]{1,4}?(?:[和、跟与][\u4e00-\u9fff]{1,4}?)+)(?=[，,。！？]|$)",
         "HAS_PET", "animal", trait="pet"),
    # 朋友出国，把她的猫托付给我了，叫年糕: an animal handed to the speaker to keep
    _raw("zh_pet_entrusted", "zh", r"把(?:[\u4e00-\u9fff]{1,3}的)?(?P<kind>" + _ZH_PET + r")(?P<verb>托付给|交给|留给|送给|给)(?P<subj>我|我们)"
         r"(?:养)?了[，,]?(?:它)?(?:叫|名叫|名字叫)(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6})", "HAS_PET", "animal", trait="pet",
         coordinated=False),
    # (a gift promised is no gift: 我表姐说要送我一只小猫, 答应送我一只 — an offer reported, the animal not had)
    _raw("zh_pet_gift", "zh", r"(?<![要会想])(?<!打算)(?<!准备)(?<!答应)(?<!考虑)"
         r"(?P<verb>送了|送给了|送给|送)(?P<subj>我们家|我们|我家|我)(?:一只|只|一条|条|两只)"
         r"(?P<obj>" + _ZH_PET + r")", "HAS_PET", "animal", trait="pet", coordinated=False),
    _raw("zh_pet_start", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"(?:从[^，,。！？从]{1,8}?)?"
         r"(?:新)?(?P<verb>养了|领养了|收养了|捡了|抱回了|抱回来了|接了|接回了|带回来了?|带回了|带回家了?)(?:一只|只|一条|条|两只)(?:小|大)?(?:黑|白|橘|花|灰|黄|奶)?"
         r"(?:[\u4e00-\u9fff]{1,2}?(?=" + _ZH_PET + r"))??(?P<obj>" + _ZH_PET + r")(?![\u4e00-\u9fff]*(?:叫|取名|起名))", "HAS_PET", "animal", trait="pet", coordinated=False),
    # relationship, school, health
    _raw("zh_divorce", "zh", _ZH_WHO + _ZH_GAP + r"(?:和|跟)(?P<obj>[^，,。！？和跟]{1,8}?)" + _ZH_GAP + r"(?P<verb>离婚了|离婚|离异)",
         "MARRIED_TO", "person", negated=True, trait="spouse", coordinated=False),
    _raw("zh_divorce_short", "zh", _ZH_WHO + _ZH_GAP + r"(?:和|跟)(?P<obj>[^，,。！？和跟的]{1,8}?)" + _ZH_GAP + r"(?:的婚)?(?P<verb>离了)(?!职)",
         "MARRIED_TO", "person", negated=True, trait="spouse", coordinated=False, named_only=True),
    _raw("zh_relationship_end", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:和|跟)(?P<obj>[^，,。！？和跟]{1,8}?)" + _ZH_GAP + r"(?P<verb>分手了|分手|分开了|分开(?=[半一二三四五六七八九十两几\d]+(?:年|个月|天|周))|"
         r"(?:分了|掰了|吹了)(?=[，,。！？]|$))", "DATING", "person", negated=True, trait="partner", coordinated=False),
    # 我和前男友周航是去年年底分的手: the break-up told with when it was
    _raw("zh_relationship_end_when", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:和|跟)(?:前男友|前女友|前任)?(?P<obj>[^，,。！？和跟是]{1,8}?)"
         r"(?P<verb>是[^，,。！？是]{1,10}?分的手)", "DATING", "person", negated=True, trait="partner", coordinated=False,
         named_only=True),
    # 现在在和林晓约会: dating someone named
    _raw("zh_dating_now", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:在|正在)(?:和|跟)(?P<obj>[\u4e00-\u9fff]{2,3}?)(?P<verb>约会|谈恋爱|交往)",
         "DATING", "person", trait="partner", coordinated=False, named_only=True),
    _raw("zh_relationship_end_short", "zh", _ZH_WHO + _ZH_GAP + r"(?:和|跟)(?P<obj>[^，,。！？和跟]{1,8}?)" + _ZH_GAP +
         r"(?P<verb>分了)", "DATING", "person", negated=True, trait="partner", coordinated=False, named_only=True),
    _raw("zh_partner_named", "zh", r"(?P<subj>我)?[^，,。！？]{0,6}?[，,]?(?P<kind>老公|老婆|丈夫|妻子|男朋友|女朋友|对象|未婚夫|未婚妻)"
         r"(?:的名字)?(?:了)?[，,]?(?:他|她)?(?P<verb>叫|名叫|"
         # 我男朋友是程序员 / 是四川人: an occupation or an origin, not a name
         r"是(?![\u4e00-\u9fff]{0,2}(?:员|师|生|工|手|家|人|者|长|官|警|医|模|星|族|控|迷|娃|宝|士|计|察|机|安|播|姐|务|售|导|管|板)"
         r"(?:[，,。！？]|$)))"
         r"(?P<obj>[\u4e00-\u9fff]{2,3})(?=[，,。！？]|$)", "DATING", "person",
         trait="partner", coordinated=False, named_only=True),
    # 晓晓跟我提了分手, 被阿强甩了: the partner ends it
    _raw("zh_dumped_by", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<obj>[\u4e00-\u9fff]{2,3})" + _ZH_GAP + r"(?:跟|和|向)(?P<subj>我)"
         r"(?:提了|提出了|提出|提|说了|说)?(?P<verb>分手)", "DATING", "person", negated=True, trait="partner",
         coordinated=False, named_only=True),
    _raw("zh_dumped", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我)?" + _ZH_GAP + r"(?P<verb>被)(?P<obj>[\u4e00-\u9fff]{2,3}?)(?:给)?甩了",
         "DATING", "person", negated=True, trait="partner", coordinated=False, named_only=True),
    # 认识了一个女生叫小敏，我们在一起了: the one just named is who "we" are
    _raw("zh_dating_intro", "zh", r"一个(?:女生|男生|女孩子?|男孩子?|姑娘|小伙子?|人)(?:叫|名叫|名字叫)(?P<obj>[\u4e00-\u9fff]{2,3})[，,]"
         r"(?P<subj>我们|我俩|我们俩)" + _ZH_GAP + r"(?P<verb>在一起了|确定关系了|确定了关系|开始交往了|谈恋爱了|在谈恋爱)",
         "DATING", "person", trait="partner", coordinated=False),
    _raw("zh_we_split", "zh", r"(?P<subj>我们|我们俩|我俩)" + _ZH_GAP + r"(?P<verb>分手了|分开了)(?P<obj>)",
         "DATING", "person", negated=True, trait="partner", coordinated=False, fixed_object="@partner"),
    _raw("zh_we_divorced", "zh", r"(?P<subj>我们|我们俩|我俩)" + _ZH_GAP + r"(?P<verb>离婚了|离了婚|把婚离了)(?P<obj>)",
         "MARRIED_TO", "person", negated=True, trait="spouse", coordinated=False, fixed_object="@spouse"),
    _raw("zh_we_married", "zh", r"(?P<subj>我们|我们俩|我俩)" + _ZH_GAP + r"(?P<verb>结婚了|领证了|扯证了)(?P<obj>)",
         "MARRIED_TO", "person", trait="spouse", coordinated=False, fixed_object="@partner"),
    # 我自己养的是两只仓鼠: the kind kept, told as "what I keep is"
    _raw("zh_pet_kept_is", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>养的是)(?:一只|一条|两只|两条|三只|几只|只|条)?(?P<obj>" + _ZH_PET + r")(?=[，,。！？]|$)",
         "HAS_PET", "animal", trait="pet", coordinated=False),
    # 男朋友叫许诺 / 带男朋友周航回家 / 男朋友大伟是程序员: a partner named by the role word at the
    # start of the teller's clause (not 她男朋友: the clause starts with someone else)
    _zh_role_named("zh_partner_named", r"男朋友|女朋友|男友|女友", r"(?:叫)?", "DATING", "partner"),
    _zh_role_named("zh_spouse_named", r"老公|老婆|丈夫|妻子", r"叫", "MARRIED_TO", "spouse"),
    # 我bf叫Kevin, 男朋友叫Daniel: a partner named in Latin letters (the role word may be English too)
    _raw("zh_partner_named_latin", "zh", _ZH_CLAUSE + r"(?P<subj>)(?:我的?)?(?P<verb>男朋友|女朋友|男友|女友|男票|女票|bf|gf|BF|GF)叫"
         r"(?P<obj>[A-Z][A-Za-z'\-]+)", "DATING", "person", trait="partner", coordinated=False, named_only=True),
    # 小崔是南开大学的研究生, 我是复旦的大三学生: a student of a school, told as what one is
    _raw("zh_student_of", "zh", _ZH_CLAUSE + r"(?:[^，,。！？]{0,8}?(?:" + _ZH_REL + r"|实习生|新人)(?=[\u4e00-\u9fff]{2,3}?是))?"
         r"(?P<subj>我|(?P<name>[\u4e00-\u9fff]{2,3}?))(?:现在)?(?P<verb>是)(?P<obj>[\u4e00-\u9fffA-Za-z]{2,12}?)的"
         r"(?:大[一二三四]|研[一二三])?(?:研究生|学生|本科生|博士生|大学生|新生|硕士生|博士)(?=[，,。！？]|$)", "STUDIES_AT", "organization",
         trait="school", coordinated=False, typed_only=True),
    # (和异地三年的林悦结婚了: the person after the description)
    _raw("zh_married", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:和|跟)(?:[^，,。！？和跟的]{1,8}的)?(?P<obj>[^，,。！？和跟的]{1,8}?)" + _ZH_GAP + r"(?:去民政局)?(?P<verb>结婚了|结婚|领证了|扯证了|登记结婚了|把证领了|把证扯了|把婚结了|结的婚)",
         "MARRIED_TO", "person", trait="spouse", coordinated=False),
    # 我表哥娶了他大学同学思琪, 她嫁给了阿杰: a marriage told by who was wed (the circle word is no name)
    _raw("zh_wed", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>娶了|嫁给了|嫁给)(?:他的?|她的?|我的?)?(?:大学|高中|初中|小学)?"
         r"(?:同学|同事|网友|发小|青梅竹马|初恋)?(?P<obj>[\u4e00-\u9fff]{2,3}?|[A-Za-z]{2,12})(?=[，,。！？\s]|$|了|当|做)",
         "MARRIED_TO", "person", trait="spouse", coordinated=False, named_only=True),
    # 现在和小敏在一起: who one is with now, named (kin is company, not a partner)
    _raw("zh_dating_now", "zh", _ZH_OPT_WHO + r"(?:现在|目前|如今)(?:在)?(?:和|跟)(?!(?:" + _ZH_REL + r"))"
         r"(?P<obj>[\u4e00-\u9fff]{2,3}?|[A-Za-z]{2,12})(?P<verb>在一起)(?=[。！!～~，,]|$)", "DATING", "person", trait="partner",
         coordinated=False, named_only=True),
    # 大学时我和陈默谈过两年: a relationship of the past, the relation alone
    _raw("zh_dated_past", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:和|跟)(?P<obj>[\u4e00-\u9fff]{2,3}?|[A-Za-z]{2,12})(?P<verb>谈过)"
         r"(?=恋爱|[一二三四五六七八九十两几半]+(?:年|个月)|一段|[，,。！？]|$)", "DATING", "person", time_hint="past",
         coordinated=False, named_only=True),
    # 四川大学毕业后我…: the school left, told as the time after it
    _raw("zh_school_done_after", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:从)?(?P<obj>[\u4e00-\u9fffA-Za-z]{2,10}?)(?P<verb>毕业)"
         r"(?=后|以后|之后|那年)", "STUDIES_AT", "organization", negated=True, trait="school", coordinated=False, typed_only=True),
    _raw("zh_dating_named", "zh", _ZH_WHO + _ZH_GAP + r"(?:在)?(?:和|跟)一个叫(?P<obj>[\u4e00-\u9fffA-Za-z]{1,4}?)的"
         r"(?:男生|女生|男孩|女孩|男孩子|女孩子|人|小伙子|姑娘)(?P<verb>谈恋爱|在一起了|交往|约会)",
         "DATING", "person", trait="partner", coordinated=False),
    # 我现在是赵一鸣的女朋友了: the speaker named as someone's partner
    _raw("zh_partner_of", "zh", _ZH_CLAUSE + r"(?P<subj>我)" + _ZH_GAP + r"(?:是)(?P<obj>[\u4e00-\u9fff]{2,3}?)的"
         r"(?P<verb>女朋友|男朋友|对象|未婚妻|未婚夫)(?:了|啦|啊)?(?=[，,。！？!?]|$)", "DATING", "person", trait="partner",
         coordinated=False, named_only=True),
    _raw("zh_spouse_of", "zh", _ZH_CLAUSE + r"(?P<subj>我)" + _ZH_GAP + r"(?:是)(?P<obj>[\u4e00-\u9fff]{2,3}?)的"
         r"(?P<verb>老婆|老公|妻子|丈夫|太太|媳妇)(?:了|啦|啊)?(?=[，,。！？!?]|$)", "MARRIED_TO", "person", trait="spouse",
         coordinated=False, named_only=True),
    # 我和林悦没在谈 / 没在一起: a relationship denied
    _raw("zh_not_dating", "zh", _ZH_WHO + _ZH_GAP + r"(?:和|跟)(?P<obj>[^，,。！？和跟]{1,8}?)" + _ZH_GAP +
         r"(?P<neg>没|没有|并没有|并没|不是在)(?P<verb>在谈|谈恋爱|在一起|在交往)", "DATING", "person", trait="partner",
         coordinated=False, named_only=True),
    # 我和徐朗在三亚旅游的时候正式官宣了: the announcement after where and when
    _raw("zh_dating_announced", "zh", _ZH_WHO + _ZH_GAP + r"(?:和|跟)(?P<obj>[^，,。！？和跟]{1,8}?)(?:在[^，,。！？]{1,10}?(?:的时候|期间))?" + _ZH_GAP +
         r"(?:正式)?(?P<verb>官宣了|官宣恋情了?)", "DATING", "person", trait="partner", coordinated=False),
    # 谈了个女朋友叫阿楠: a partner found and named
    _raw("zh_dating_found", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?P<verb>谈了个|谈了一个|找了个|找了一个|交了个|交了一个)(?:新)?(?:女朋友|男朋友|对象)"
         r"(?:叫|，叫|,叫)(?P<obj>[\u4e00-\u9fff]{2,3}?)(?=[，,。！？是很也都在的]|$)", "DATING", "person", trait="partner",
         coordinated=False, named_only=True),
    _raw("zh_dating", "zh", _ZH_OPT_WHO + _ZH_GAP + r"(?:在)?(?:和|跟)(?:[^，,。！？和跟的]{1,10}的(?:男生|女生|男孩|女孩|人|姑娘|小伙子|同事|同学)?)?"
         # (我和我对象订婚啦: the partner by the role is no name)
         r"(?P<obj>(?!我)[^，,。！？和跟的]{1,8}?)" + _ZH_GAP +
         r"(?<![住待呆玩坐站挤])(?P<verb>在一起了|确定关系了|确定了关系|在一起(?=(?:快|都|已经|差不多|有)?[一二三四五六七八九十两几\d]+(?:年|个月))|在谈恋爱|谈恋爱了|在交往|订婚了|订婚|同居了|开始同居了|(?:正式)?官宣了|谈了(?=(?:快|整整|差不多)?[一二三四五六七八九十两几半\d]+(?:年|个月)))", "DATING",
         "person", trait="partner", coordinated=False),
    _raw("zh_health_end_there", "zh", r"(?:^|(?<=[，,。！？\s说]))(?P<subj>)" + _ZH_GAP +
         r"(?P<verb>已经好了|全好了|好了|痊愈了|康复了)(?P<obj>)(?=[，,。！？]|$)", "HAS_CONDITION", "topic", negated=True,
         trait="health", coordinated=False, fixed_object="@health"),
    _raw("zh_health_end", "zh", r"(?:^|(?<=[，,。！？\s说]))" + _ZH_GAP + r"(?:" + _ZH_WHO + r")?(?:的)?"
         # 折腾了大半年的荨麻疹总算好了: how long it troubled one, before the condition
         r"(?:(?:折腾|困扰|纠缠|拖|闹|犯)了[^，,。！？的]{0,6}的)?(?P<obj>[^，,。！？的我]{1,8}?)" + _ZH_GAP +
         r"(?P<verb>已经好了|好了|痊愈了|治好了|康复了|好利索了|刚好(?=[，,。！？]|$)|刚刚好(?=[，,。！？]|$))", "HAS_CONDITION", "topic", negated=True, trait="health",
         coordinated=False),
    # 肺炎住了一周院，今天终于出院了: leaving hospital ends the condition the message named first
    _raw("zh_health_discharged", "zh", _ZH_CLAUSE + _ZH_GAP + _ZH_WHO + r"?(?:的)?(?P<obj>" + _ZH_CONDITION_SHAPE +
         r")(?:手术)?[^。！？我他她]{0,14}?(?:已经|终于|总算|顺利)*(?P<verb>出院了|出院啦)", "HAS_CONDITION", "topic", negated=True,
         trait="health", coordinated=False, typed_only=True),
    # 血糖正常了, 做完手术后腰已经不疼了: the zh recovery by a measurement or a body part
    _raw("zh_health_normal", "zh", r"(?:^|(?<=[，,。！？\s说]))" + _ZH_GAP + r"(?:[^，,。！？]{1,8}?(?:之后|以后|后)[，,]?)?(?:" + _ZH_WHO +
         r")?(?:的)?(?:复查|检查|体检|化验)?(?:结果)?[，,]?(?P<obj>[\u4e00-\u9fff]{1,5}?)(?:指标|值)?(?:已经|都|也|基本|终于|总算|完全)*"
         r"(?P<verb>恢复正常了|正常了|不疼了|不痛了)", "HAS_CONDITION", "topic", negated=True, trait="health",
         coordinated=False, fixed_object="@health~"),
    # 我腰椎间盘突出，不能久坐: a condition said of the speaker with no verb (its shape types it)
    _raw("zh_health_bare", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"(?P<verb>)(?P<obj>" + _ZH_CONDITION_SHAPE + r")(?=[，,。！？]|$)",
         "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    # 宝宝11月6号出生了: the pregnancy ended by the birth (the baby named at the clause's start: 我姐家宝宝 is hers)
    _raw("zh_birth", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)(?:我家|我们家|我的)?(?:宝宝|小宝|二宝|闺女|女儿|儿子)"
         r"[^，,。！？他她]{0,10}?(?P<verb>出生了|出生啦|落地了)(?P<obj>)", "HAS_CONDITION", "topic", negated=True,
         trait="health", coordinated=False, fixed_object="怀孕"),
    # 两道杠！！怀孕了: pregnant, told by the woman herself (老婆怀孕了 is the wife's: the clause starts there)
    _raw("zh_pregnant", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我|)(?:终于|已经|刚刚?|真的|居然)?(?P<verb>怀孕了|怀上了|怀孕啦|怀上啦)(?P<obj>)",
         "HAS_CONDITION", "topic", trait="health", coordinated=False, fixed_object="怀孕"),
    # 医生说是哮喘, 查了半天原来是甲减: a diagnosis told as the verdict (可能是 / 怀疑是 stay a suspicion:
    # the hedge stands between the lead and 是, so nothing matches)
    _raw("zh_health_verdict", "zh", r"(?:^|(?<=[，,。！？\s:：]))(?P<subj>)(?:(?:医生|大夫|专家|检查结果|化验结果|诊断结果|结果|报告|片子)"
         r"(?:出来了?[，,]?)?(?:说|显示|确认)?(?:我)?|说|原来|搞了半天|折腾半天|最后)(?:是|得了|有)(?P<verb>)(?P<obj>" + _ZH_CONDITION_SHAPE
         + r")(?=[了，,。！？(（]|$)", "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    # 对花粉过敏: the allergy is the condition, named with its allergen (typed_only: the phrase
    # must read as a condition; a food allergen stays a food, see the engine's _typed_object)
    # (对狗毛有点过敏: a degree word inside is no part of a condition's name; left unread)
    _raw("zh_allergy", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>对)(?P<obj>(?![他她它你我])(?:(?!有点|有些|特别|非常|比较|严重)[\u4e00-\u9fff]){1,6}?过敏)(?=[了，,。！？]|$)",
         "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    _raw("zh_health", "zh", _ZH_WHO + _ZH_GAP + r"(?:被)?(?P<verb>确诊了|确诊为|确诊|诊断出了?|诊断为|得了|患有|患了|患|查出来有|查出来了?|查出了|查出有|查出|"
         r"检查出|有)(?P<obj>[^，,。！？]{1,10})", "HAS_CONDITION", "topic", trait="health", coordinated=False),
    # 我高中的时候得过一段时间抑郁症: a condition had once, a past value (the relation alone)
    _raw("zh_health_had", "zh", _ZH_WHO + r"(?:[^，,。！？他她]{0,8}?)(?P<verb>得过|患过)(?:一段时间|一阵子?|一次|几年|好几年|两年)?"
         r"(?P<obj>[^，,。！？]{1,10})", "HAS_CONDITION", "topic", time_hint="past", coordinated=False, typed_only=True),
    # 上个月查出来甲状腺结节: a condition found, told with no subject (a condition's name only)
    _raw("zh_health_found_bare", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)" + _ZH_GAP + r"(?:体检|检查|复查|去医院)?(?:被)?"
         r"(?P<verb>查出来有|查出来了?|查出了|查出有|确诊了|确诊为|确诊|诊断出了?|检查出|(?<=又)得了|(?<=又)患了|(?<=还)得了)(?:我|自己)?(?:有|得了|患了)?(?P<obj>[^，,。！？]{1,10})",
         "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    _raw("zh_health_flare_bare", "zh", _ZH_CLAUSE + r"(?P<subj>)" + _ZH_GAP + r"(?![他她它你])(?P<obj>" + _ZH_CONDITION_SHAPE + r")" + _ZH_GAP +
         r"(?P<verb>(?<![要快会])又犯了|(?<![要快会])又复发了|复发了)", "HAS_CONDITION", "topic", trait="health", coordinated=False,
         typed_only=True),
    # (心脏病都要犯了, 快犯了: a condition about to flare is a figure of speech or a worry, no state)
    # (我舅也查出糖尿病了: a kin word after 我 is the subject, and a span holding a verb of finding
    # is a clause, no condition's name)
    _raw("zh_health_state", "zh", _ZH_WHO + r"(?:的)?" + _ZH_GAP + r"(?![^，,。！？]*(?:要犯|快犯|会犯|快得|快要得|要得))"
         r"(?![舅姑姨叔伯爸妈哥姐弟妹娃崽])(?P<obj>(?:(?![好轻多少])(?!查出|确诊|诊断|得了|患)[\u4e00-\u9fff]){2,8}?)" + _ZH_GAP +
         r"(?P<verb>了(?=[，,。！？]|$)|(?:很|挺|越来越|特别|有点|比较)?(?:严重|厉害)|(?<![要快会])(?<!都要)又犯了|(?<![要快会])犯了|复发了|"
         r"(?:都)?(?:好几|好多|很多|这么多|[一二三四五六七八九十两几\d]+)(?:年|个月)了)",
         "HAS_CONDITION", "topic", trait="health", coordinated=False, typed_only=True),
    # residence and origin
    # 终于从回龙观搬出来了: moving out of a place ends the home there (搬到 after it is a past home)
    _zh("zh_moved_out_from", r"从", "LIVES_IN", "place", coordinated=False, negated=True, trait="residence",
        tail=r"(?=搬(?:出来|出去|出|走)了?(?![^，,。！？]*(?:到|去|进|回)))"),
    _zh("zh_moved_from", r"从", "LIVES_IN", "place", coordinated=False, time_hint="past",
        tail=r"(?=搬)"),
    _raw("zh_moved_from_to", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"从[^，,。！？从]{1,12}?(?P<verb>搬到了|搬到|搬去了|搬去|搬回了|搬回|搬来了|搬来)"
         + _ZH_OBJ, "MOVED_TO", "place", trait="residence", coordinated=False),
    # 我们全家移民加拿大了: 移民 with the country right after it (a place only: 移民政策 is none)
    _zh("zh_emigrated", r"移民(?![到去局])|移居(?![到去])", "MOVED_TO", "place", trait="residence", coordinated=False,
        typed_only=True),
    _zh("zh_moved", r"(?:move到了|move到|move去了|move去|移民到了|移民到|移民去了|移民去(?=[^，,。！？]*了)|移居到了|移居到|移居|搬到了|搬到|搬去了|搬去|搬家到|搬来了|搬来|搬回了|搬回到|搬回|搬进了|搬进(?![去来])|住进了|住进(?![去来]))"
        # 搬去西安的计划黄了: the move is the plan's, and the plan fell through
        r"(?![^，,。！？]*?的(?:计划|打算|念头|想法))", "MOVED_TO", "place",
        trait="residence", coordinated=False),
    # 在苏州买了房，搬过去了 / 在苏州租了个房子，已经住了两年了: the home's city, then the move
    # into it or the years lived there (the second clause names no place)
    _raw("zh_home_moved_in", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"在(?P<obj>[^，,。！？在]{1,8}?)(?:买了|租了|买|租)"
         r"(?:个|套|间|一套|一个)?(?:新)?房子?[，,]?[^。！？]{0,8}?(?P<verb>搬过去了|搬了过去|搬进去了|搬进去|住进去了|入住了)",
         "MOVED_TO", "place", trait="residence", coordinated=False, typed_only=True),
    _raw("zh_home_lived_in", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"在(?P<obj>[^，,。！？在]{1,8}?)(?:买了|租了|买|租)"
         r"(?:个|套|间|一套|一个)?(?:新)?房子?[，,]?[^。！？]{0,8}?(?P<verb>住了)(?=[一二三四五六七八九十两几半\d]+(?:年|个月)|好几年|很多年|好多年)",
         "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    _zh("zh_moved_out", r"搬出了|搬出|搬离了|搬离", "LIVES_IN", "place", negated=True, trait="residence",
        coordinated=False),
    # 今年终于回老家洛阳发展了: a move home (the hometown named: 老家 is where one is from)
    _raw("zh_moved_home_to", "zh", _ZH_CLAUSE + _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>回(?:到)?老家)(?P<obj>[\u4e00-\u9fff]{2,6}?)"
         r"(?=发展|工作|定居|生活|住|上班|了|[，,。！？]|$)", "MOVED_TO", "place", trait="residence", coordinated=False, typed_only=True),
    # (its verb is empty, after the name: 回老家 belongs to the move read just before)
    _raw("zh_hometown_back_to", "zh", _ZH_CLAUSE + _ZH_WHO + r"?" + _ZH_GAP + r"回(?:到)?老家(?P<obj>[\u4e00-\u9fff]{2,6}?)(?P<verb>)"
         r"(?=发展|工作|定居|生活|住|上班|了|过年|[，,。！？]|$)", "IS_FROM", "place", trait="hometown", coordinated=False, typed_only=True),
    # 终于搬进了新家，在苏州: the new home, and where it is
    _raw("zh_new_home_in", "zh", _ZH_CLAUSE + _ZH_WHO + r"?" + _ZH_GAP + r"(?:搬进了|搬进|搬到了|住进了)新家[，,]?(?P<verb>在)"
         r"(?P<obj>[^，,。！？在]{2,8}?)(?=[，,。！？]|$)", "MOVED_TO", "place", trait="residence", coordinated=False, typed_only=True),
    # 我已经从广州搬出来了: the place before the verb (搬出 with its object after is zh_moved_out)
    _raw("zh_moved_out_from", "zh", _ZH_CLAUSE + _ZH_WHO + r"?" + _ZH_GAP + r"从(?P<obj>[^，,。！？从]{1,10}?)"
         r"(?P<verb>搬出来了|搬出来|搬走了|搬出去了)", "LIVES_IN", "place", negated=True, trait="residence",
         coordinated=False, typed_only=True),
    _zh("zh_lived", r"以前住在|之前住在|曾经住在|原来住在", "LIVES_IN", "place", time_hint="past",
        coordinated=False),
    # 我以前住长沙: the same with 在 left out (a place only: 以前住宿舍 names none)
    _zh("zh_lived_bare", r"以前住|之前住|曾经住|原来住", "LIVES_IN", "place", time_hint="past",
        coordinated=False, typed_only=True),
    # 在南京待了快一年: a stay of months or years is where one lives (待了三天 is a visit, not
    # read); told of a past year (去年在上海待了半年) it is a past home, the relation alone
    _raw("zh_stayed_years_past", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我|我们)?(?=[^，,。！？]*?(?:去年|前年|那年|当年|以前|之前|曾经|"
         r"小时候|(?:19|20)\d\d年)[^，,。！？]*?在)" + _ZH_GAP + _ZH_STAYED_YEARS, "LIVES_IN", "place", time_hint="past",
         coordinated=False, typed_only=True),
    _raw("zh_stayed_years", "zh", _ZH_WHO + r"?" + _ZH_GAP + _ZH_STAYED_YEARS,
         "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    _raw("zh_lived_guo", "zh", _ZH_WHO + r"?(?:以前|曾经|原来|过去)?" + _ZH_GAP + _ZH_NEG + r"(?P<verb>在)(?P<obj>[^，,。！？在]{1,10}?)"
         r"(?=(?:住|生活|待)过)", "LIVES_IN", "place", time_hint="past", coordinated=False),
    _raw("zh_grew_up", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"在(?P<obj>[^，,。！？在]{1,10}?)(?P<verb>长大)", "IS_FROM", "place",
         trait="hometown", coordinated=False, typed_only=True),
    _zh("zh_lived_past_guo", r"(?:以前|之前|曾经|原来)?(?:住过|待过|生活过)", "LIVES_IN", "place", time_hint="past", coordinated=False,
        typed_only=True),
    _zh("zh_live", r"常住在|常住|长住在|长住|居住在|居住于|住在|定居在|生活在|定居", "LIVES_IN", "place", trait="residence",
        coordinated=False),
    _raw("zh_live_at", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>在)(?P<obj>[^，,。！？在]{1,10}?)"
         r"(?=(?:工作和?)?(?:定居|生活|居住|住|漂|打拼|闯荡|安家|落户|扎根|安顿下来|待着|呆着)(?!过)(?:了|着)?|待了[一二三四五六七八九十两几半\d]+(?:年|个多月|个月)(?:多)?了)", "LIVES_IN", "place", trait="residence", coordinated=False,
         typed_only=True),
    # 我去年在上海待了半年: a stay of months or years that is over — a past home, the relation alone
    _raw("zh_lived_for_past", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>在)(?P<obj>[^，,。！？在]{1,10}?)"
         r"(?=(?:待了|呆了|住了)(?:[一二三四五六七八九十两几\d]+(?:年|个多月|个月)|半年|大半年)(?:多)?(?![了多]))",
         "LIVES_IN", "place", time_hint="past", coordinated=False, typed_only=True),
    _raw("zh_live_bare", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>住)(?![在了过着])" + _ZH_OBJ, "LIVES_IN", "place",
         trait="residence", coordinated=False, typed_only=True),
    # 我租的房子在朝阳区, 我们住的小区在滨江: where one's home is, said of the home
    _raw("zh_home_is_in", "zh", r"(?P<subj>我们|我)(?:现在)?(?:租|买|住)的(?:房子|公寓|地方|小区|房)(?:就|也)?(?P<verb>在)"
         r"(?P<obj>[^，,。！？在]{2,10}?)(?=[，,。！？]|$)", "LIVES_IN", "place", trait="residence", coordinated=False,
         typed_only=True),
    # 搬家了，现在住长沙: where one lives now, the subject left out after the move
    _raw("zh_live_now_bare", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)(?:现在|目前|如今)(?P<verb>住在|住)(?P<obj>[^，,。！？在]{2,10}?)(?=了|[，,。！？]|$)",
         "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    # 我在杭州上班，不过住嘉兴 / 我在深圳上班，住东莞: the home after the workplace, its 我 left out (the
    # line opens with the teller, not 我妈 / 我同事)
    _raw("zh_live_after_work", "zh", r"^(?P<subj>我)(?![妈爸哥姐弟妹的老朋同儿女媳婆公舅姨叔家们])(?![^，,。！？]*(?:以前|之前|原来|曾经|那时|当年|去年|想|打算|要是|如果))"
         r"[^，,。！？]{1,16}?(?:上班|工作|打工|实习)[，,]\s*"
         r"(?:不过|但是|但|可是|然后)?(?:人)?(?P<verb>住在|住)(?P<obj>[^，,。！？在]{2,10}?)(?=了|[，,。！？]|$)",
         "LIVES_IN", "place", trait="residence", coordinated=False, typed_only=True),
    # 不搬了 / 搬家的事黄了: the move told ahead is called off (names.. nothing: the start ahead is what ends)
    _raw("zh_move_off", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>不搬了|不搬家了|不打算搬了|"
         r"搬家的事黄了|搬家取消了)(?P<obj>)", "LIVES_IN", "place", negated=True, trait="residence", coordinated=False,
         fixed_object="@residence^"),
    # 不搬了，还是留在北京: the home kept instead of a move
    _raw("zh_home_kept", "zh", r"(?:^|(?<=[，,。！？\s]))" + _ZH_WHO + r"?" + _ZH_GAP + r"还是(?P<verb>留在|住在|待在|呆在)"
         r"(?P<obj>[^，,。！？在]{2,10}?)(?=了|吧|[，,。！？]|$)", "LIVES_IN", "place", trait="residence", coordinated=False,
         typed_only=True),
    # 新家在上海浦东: the new home's place is where one lives now
    _raw("zh_new_home", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>我们|我|我家)?(?:的)?(?P<verb>新家在|新房在|新房子在|新住处在|新公寓在)"
         r"(?P<obj>[^，,。！？在]{2,10}?)(?=[，,。！？]|$)", "MOVED_TO", "place", trait="residence", coordinated=False,
         typed_only=True),
    _raw("zh_home_at", "zh", r"(?P<subj>我家|我们家)(?P<verb>在)(?P<obj>[^，,。！？在]{1,10}?)(?=[，,。！？]|$)", "LIVES_IN",
         "place", trait="residence", coordinated=False, typed_only=True),
    _raw("zh_from_bare", "zh", r"(?:^|(?<=[，,。！？\s]))(?P<subj>)(?P<verb>老家在|老家是|家乡在|家乡是)(?P<obj>[^，,。！？]{1,8}?)"
         r"(?:的|人)?(?=[，,。！？]|$)", "IS_FROM", "place", trait="hometown", coordinated=False, typed_only=True),
    _raw("zh_from", "zh", _ZH_WHO + r"(?:的)?(?P<verb>老家是|老家在|老家|家乡是|家乡在|出生在|是在(?=[^，,。！？]{1,8}?(?:出生|长大)))(?P<obj>[^，,。！？]{1,8}?)"
         r"(?:长大的|人|的|$|(?=[，,。！？]))", "IS_FROM", "place", trait="hometown", coordinated=False),
    # 我是土生土长的上海人 ("born and raised"); a bare 我是广东人 names a region one identifies with,
    # which the dev labels keep apart from a home town
    # 我是哈尔滨人: a city one is from (a province or a region — 广东人, 东北人 — is too broad a
    # hometown unless told 土生土长的, dev/dev3)
    _raw("zh_from_ren", "zh", _ZH_WHO + _ZH_GAP + r"(?P<verb>是)(?:(?:土生土长的|地地道道的|土生土长的地道|地道的)|(?!" + _ZH_REGIONS + r"人))"
         r"(?P<obj>[\u4e00-\u9fff]{2,6}?)人(?:哈|啊|呀|哦|呢|嘛|啦|哟)?(?=[，,。！？~～]|$)", "IS_FROM", "place", trait="hometown",
         coordinated=False, typed_only=True),
    _zh("zh_bought", r"买了|购买了|入手了|入手|下单了|买到了|新买了|买过|新提了|去?提了(?=一辆|辆|一台|台)|"
        # 入了个扫地机器人: 入 (bought, in chat) with its measure word
        r"入了(?=(?:一)?(?:个|台|辆|部|只|双|套|款|块))|喜提|(?:新)?整了(?=(?:一)?(?:个|台|辆|部|套))|"
        # (买不起, 买不到: what one cannot buy)
        r"买(?![不得](?:起|到|了|动))", "BOUGHT", "product"),
    # where it was bought, between the buyer and the verb: 我在京东买了个投影仪, 我从闲鱼上淘了台相机
    _raw("zh_bought_at", "zh", _ZH_SUBJ + r"(?:在|从)[^，,。！？在从买]{1,8}?(?:上|里|网上|店里)?"
         r"(?P<verb>买了|购买了|入手了|下单了|淘了|抢了)(?P<obj>[^，,。！？!?；;：:\s、的]{1,24})(?=[，,。！？!?；;：:\s、]|$)",
         "BOUGHT", "product"),
    # 京东买的洗碗机今天到了: a purchase told by its arrival (the shop before 买的 is where, not what)
    _raw("zh_bought_arrived", "zh", _ZH_CLAUSE + r"(?P<subj>我们|我)?(?:在)?(?:[^，,。！？买]{1,6}?)?(?:上|网上)?(?<!新)(?<!刚)(?P<verb>买的|下单的|订的)"
         r"(?P<obj>[^，,。！？的]{1,10}?)" + _ZH_GAP + r"(?=(?:已经|终于|总算)?(?:到了|到货了|送到了|寄到了))",
         "BOUGHT", "product", coordinated=False),
    # (不用一个半小时: a duration "used" is time spent, no software)
    _zh("zh_use", r"(?:一直在用|在用|一直用的|一直用|都是用|使用|用的是|用上了|用了|(?<!不)用)(?![一二三四五六七八九十两半几\d]+个?半?(?:小时|分钟|钟头|天|周|个月|月|年))",
        "USES", "software", named_only=True),
    # 我不用微信: not using an app — a known one only (不用异地了, 不用上班: "no need to")
    # 我现在记账都用Notion: what a task is done with (a typed thing only)
    _raw("zh_use_for", "zh", _ZH_OPT_WHO + _ZH_GAP + r"[\u4e00-\u9fff]{2,4}?(?:都|全|一直|基本)(?:是)?(?P<verb>用)(?P<obj>[\u4e00-\u9fffA-Za-z0-9 ]{2,12}?)"
         r"(?=[，,。！？]|$|了|来|记|做|写|管|看|听|拍|剪|画)", "USES", "software", coordinated=False, typed_only=True),
    _zh("zh_use_not", r"(?<=不)用", "USES", "software", typed_only=True, negated=True),
    # 刷小红书, 刷抖音: scrolling an app is using it (typed: 刷题, 刷牙, 刷卡 are no software)
    _zh("zh_use_scroll", r"(?:都要|要|会|天天|经常|总是|老是)?刷", "USES", "software", typed_only=True),
    _raw("zh_trip", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?:出差|旅游|旅行|度假|出游)(?P<verb>去了|去|到了)" + _ZH_OBJ,
         "VISITED", "place", typed_only=True),
    _raw("zh_trip_back", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>从)(?P<obj>[^，,。！？从]{1,8}?)(?:出差|旅游|旅行|玩|度假)?回来",
         "VISITED", "place", typed_only=True),
    _raw("zh_trip_at", "zh", _ZH_WHO + r"?(?:和|跟)?[^，,。！？在]{0,4}?(?P<verb>在)(?P<obj>[^，,。！？在]{1,8}?)"
         r"(?=(?:玩|旅游|旅行|度假)(?:了|得|过|的时候|期间))", "VISITED", "place", typed_only=True),
    # 周末去爬了香山, 去逛了故宫: the place of an outing, after its activity verb
    _raw("zh_visited_activity", "zh", _ZH_WHO + r"?" + _ZH_GAP + r"(?P<verb>去(?:爬|登|逛|玩|游|泡|滑)了?)"
         r"(?P<obj>[^，,。！？了]{2,8}?)(?=了|[，,。！？]|$)", "VISITED", "place", coordinated=False, named_only=True),
    _zh("zh_visited", r"去了一?趟|去过一?趟|去了(?![吃喝玩看买逛找爬登游泡滑])(?!一?家[^，,。！？]{1,8}?的)(?![^，,。！？]{1,12}?(?:报到|报道|入职))|去过|参观了|游览了|逛了|到过|"
        r"去(?![年世吃喝玩看买逛找爬登游泡滑提取拿办接送读念考])(?!了?一?家[^，,。！？]{1,8}?的)(?!(?:创业|打工|上班|工作|学习|考研|考公|当兵|实习|旅游|旅行|报到|报道|入职|面试)(?:了|[，,。！？]|$))"
        r"(?![^，,。！？]{1,12}?(?:" + _ZH_STUDY + r"|报到|报道|入职|领养|看病|体检|面试|办事|办卡))"
        # 每天去杭州上班: a commute to work, no visit
        r"(?![^，,。！？]{1,8}?(?:上班|工作|打工|通勤)(?:[，,。！？]|$))", "VISITED", "place"),
)

#: "my new X" / 新的X: ownership implied by the possessive, never stated.
NEW_THING_EN = re.compile(r"(?:^|(?<=[\s,;:(\"']))(?:my|our) (?:brand[- ])?new (?!favou?rite\b|normal\b|"
                          r"obsession\b|hobby\b|go-to\b)(?P<obj>[^.,;:!?\"()]+)")
#: 新 before a verb or as part of a word is not "new X" (新开的火锅店 newly opened, 新来的同事,
#: 新出的 iPad, 新闻, 新年, 新冠, 新疆, 新加坡); 新换的 / 新买的 are the user's new things
NEW_THING_ZH = re.compile(r"(?:我的|我们的|我)?(?:新买的|新装的|新换的|新的|新(?!开|来|出|上|建|装|招|推|发|年|闻|冠|人|郎|娘|"
                          r"婚|鲜|疆|加坡|西兰|区|华|生|同事|员工))(?P<obj>[^，,。！？!?；;：:\s、的]{1,16})")

# -- short-term states: stress, mood, emotion ------------------------------------------------------

_EN_STATE_LEAD = (r"(?:^|(?<=[\s,;:(\"']))(?:i am|i feel|i felt|i was|feeling|i have been|"
                  r"i been|been feeling|i am feeling|i am getting|i get)\s+"
                  r"(?P<neg>not\s+)?(?:(?:very|so|really|super|quite|pretty|a bit|a little|"
                  r"extremely|totally|completely|absolutely|utterly|seriously|honestly|just|kind of|sort of|"
                  r"incredibly|too|kinda|sorta|lowkey|a little bit|still)\s+)*")

EMOTION_WORDS_EN = {
    "happy": "happy", "glad": "happy", "joyful": "happy", "sad": "sad", "unhappy": "sad",
    "angry": "angry", "mad": "angry", "furious": "angry", "anxious": "anxious",
    "worried": "worried", "nervous": "nervous", "excited": "excited", "upset": "upset",
    "frustrated": "frustrated", "lonely": "lonely", "depressed": "depressed", "scared": "scared",
    "afraid": "scared", "tired": "tired", "exhausted": "tired", "grateful": "grateful",
    "bored": "bored", "calm": "calm", "thankful": "grateful",
    "dog tired": "tired", "dead tired": "tired", "bone tired": "tired", "wiped out": "tired", "drained": "tired",
}
EMOTION_WORDS_ZH = {
    "开心": "happy", "高兴": "happy", "快乐": "happy", "难过": "sad", "伤心": "sad",
    "生气": "angry", "愤怒": "angry", "焦虑": "anxious", "担心": "worried", "紧张": "nervous",
    "兴奋": "excited", "沮丧": "frustrated", "烦躁": "irritated", "郁闷": "upset", "孤独": "lonely",
    "害怕": "scared", "累": "tired", "疲惫": "tired", "无聊": "bored", "感激": "grateful",
    "激动": "excited", "孤单": "lonely", "感恩": "grateful", "期待": "excited",
}


@dataclass(frozen=True, slots=True)
class StatePattern:
    key: str
    lang: str
    regex: re.Pattern[str]
    trait: str  # stress | mood | emotion
    #: fixed value, or None: the value is the matched ``word`` looked up in ``words``
    value: str | None = None
    words: dict[str, str] | None = None


_ZH_STATE_LEAD = (r"(?:^|(?<=[，,。！？!?；;：:\s])|(?<=以后|之后)(?=我)|(?<=[玩吃睡聊过得]得))(?:可是|可|但是|但|不过|只是)?(?:(?:" + _ZH_TIME + r")[，,]?)?我?"
                  r"(?:工作|上班|学习|带娃|加班|复习)?(?:(?:"
                  + _ZH_TIME + r"|" + _ZH_ADV + r"|感觉|觉得|有点小|有些小|有点|有些|好|太|整个人都|整个人|人都|说实话|说真的|讲真|还是)[，,]?)*")

#: the intensifiers chat puts before a feeling whose "I'm" it dropped ("so happy", "weirdly nervous")
_EN_ELIDED_FEELING = (r"(?:honestly |tbh |ngl |lowkey |and |but )?(?:still )?(?:(?:weirdly|oddly|strangely|lowkey|highkey) "
                      r"(?:(?:so+|really|super|very|kinda|pretty|a bit|a little) )?|(?:so+|really|super|very|kinda|pretty|totally|"
                      r"extremely|a bit|a little|kind of) )(?:(?:very|so|really|super)\s+)*")

STATE_PATTERNS: tuple[StatePattern, ...] = (
    StatePattern("en_stress_low", "en", re.compile(
        _EN_STATE_LEAD.replace("(?P<neg>not\\s+)?", "") +
        r"(?:not (?:very |that |too )?stressed|relaxed|stress-free|at ease)\b"), "stress", "low"),
    StatePattern("en_stress_high", "en", re.compile(
        _EN_STATE_LEAD + r"(?:stressed(?: out)?|under (?:a lot of |so much |too much |heavy )?"
        r"pressure|overwhelmed|burn(?:ed|t) out)\b"), "stress", "high"),
    StatePattern("en_stress_noun", "en", re.compile(
        r"\b(?:so much|a lot of|lots of|too much|heavy|high) (?:stress|pressure)\b"), "stress", "high"),
    StatePattern("en_mood_good", "en", re.compile(
        r"\b(?:in a (?:really |very |pretty |much |way )?(?:good|great|better) mood|"
        + _EN_STATE_LEAD.replace("(?P<neg>not\\s+)?", "") + r"(?:good|great|fantastic|wonderful))\b"),
        "mood", "good"),
    StatePattern("en_mood_bad", "en", re.compile(
        r"\b(?:in a (?:really |very |pretty )?(?:bad|terrible|foul) mood|"
        + _EN_STATE_LEAD.replace("(?P<neg>not\\s+)?", "") + r"(?:down(?! (?:for|to|with)\b)|low(?! on\b)|bad|terrible|awful|"
        r"miserable|blue))\b"), "mood", "bad"),
    StatePattern("en_emotion", "en", re.compile(
        _EN_STATE_LEAD + r"(?P<word>" + "|".join(EMOTION_WORDS_EN) + r")\b(?! of\b)"), "emotion",
        words=EMOTION_WORDS_EN),
    # chat drops "I'm" before an intensified feeling: "So happy right now!", "Really nervous tbh"
    StatePattern("en_emotion_elided", "en", re.compile(
        r"^(?:[^:\s]{1,30}:\s+)?" + _EN_ELIDED_FEELING + r"(?P<word>" + "|".join(EMOTION_WORDS_EN) + r")\b(?! of\b)"),
        "emotion", words=EMOTION_WORDS_EN),
    # a bare feeling opening the line and ending its part ("Exhausted, and kind of nervous",
    # "Honestly just grateful it's Friday"): the teller's; "Happy birthday", "Glad to hear", "Glad
    # it's all down" (a reaction to what the other said) go on
    StatePattern("en_emotion_bare", "en", re.compile(
        r"^(?:[^:\s]{1,30}:\s+)?(?:(?:honestly|tbh|ngl|just|so|and|but|still|feeling|feelin)\s+)*(?P<word>"
        + "|".join(EMOTION_WORDS_EN) + r")\b(?=\s*(?:[.!?,;]|$|today\b|tonight\b|rn\b|lately\b|af\b|tbh\b|ngl\b|"
        r"about\b|(?:(?<=grateful)|(?<=thankful)) (?:that )?it(?:'s| is)\b))"), "emotion", words=EMOTION_WORDS_EN),
    # after a comma only when the feeling ends its part ("sold my bike, kinda sad ngl"): "so
    # excited to show me their essay" after "one of them" is theirs, not the speaker's
    StatePattern("en_emotion_elided_after", "en", re.compile(
        r"(?<=, )" + _EN_ELIDED_FEELING + r"(?P<word>" + "|".join(EMOTION_WORDS_EN) + r")\b"
        r"(?=\s*(?:[.!?,;]|$|about\b|tbh\b|ngl\b|lol\b|rn\b|honestly\b|today\b|though\b))"), "emotion", words=EMOTION_WORDS_EN),
    # "Work has been crazy stressful this month": what the speaker's days are like
    StatePattern("en_stress_stressful", "en", re.compile(
        r"\b(?:work|my job|life|school|things|everything|this week|this month|the week|the month|today|my days)"
        r" (?:has been|have been|is|was|are|were|got|is getting) (?:so |crazy |really |super |very |insanely |pretty |"
        r"incredibly |extremely |ridiculously |way too |too )*stressful\b"), "stress", "high"),
    StatePattern("en_stress_never_this", "en", re.compile(
        r"\bi (?:have|had) never been (?:this|so|more) stressed\b"), "stress", "high"),
    # "quarter-end close has me so stressed": what stresses the speaker
    StatePattern("en_stress_has_me", "en", re.compile(
        r"\b(?:has|have|got|is making|are making|keeps|keep) me (?:so |really |super |totally |very )*"
        r"(?:stressed(?: out)?|overwhelmed)\b"), "stress", "high"),
    StatePattern("en_stress_elided", "en", re.compile(
        r"^(?:[^:\s]{1,30}:\s+)?" + _EN_ELIDED_FEELING + r"(?:stressed(?: out)?|overwhelmed|burn(?:ed|t) out)\b"), "stress", "high"),
    StatePattern("zh_stress_low", "zh", re.compile(
        r"压力(?:不大|不是很大|小了|小多了|小了很多|减轻了|减轻了不少|轻多了|没那么大)|没(?:什么|有)?压力|很放松|挺放松|"
        r"(?:工作|上班|学习|日子|心里|精神|最近)(?:也|都)?(?:轻松|清闲)多了"), "stress", "low"),
    StatePattern("zh_stress_high", "zh", re.compile(
        r"压力(?:一直|也|都|还|真的|实在)?(?:很|好|特别|非常|超|太|有点|挺|真|比较|越来越)?大|压力山大|(?:很|好|特别|非常)有压力|"
        r"压得喘不过气|(?:加班|工作|上班|赶工|忙)[^，,。！？]{0,4}?(?:崩溃|吐了|疯了|快死了)"), "stress", "high"),
    StatePattern("zh_mood_bad", "zh", re.compile(
        r"心情(?:一直|也|都|还是|越来越|实在)?(?:很|特别|非常|有点|挺|超|真的|比较)?(?:不好|不太好|差|糟|糟糕|低落|不佳|郁闷)"),
        "mood", "bad"),
    StatePattern("zh_mood_good", "zh", re.compile(
        r"心情(?:一直|也|都|越来越)?(?:很|特别|非常|挺|还|超|真的|比较|大)?(?:好|不错|愉快|美丽|舒畅)"), "mood", "good"),
    # 我哭了一上午, 哭得停不下来: crying is sadness (笑哭了 — laughing to tears — is not)
    StatePattern("zh_cried", "zh", re.compile(
        _ZH_STATE_LEAD + r"(?<!笑)(?:大)?哭(?:了|得|惨了|成狗)"), "emotion", "sad"),
    # 特别感谢我室友: thanks said with weight are gratitude (a bare 谢谢 is manners)
    StatePattern("zh_grateful", "zh", re.compile(r"(?:特别|非常|很|真的|超级|好|太)(?:感谢|感激)(?!你|您)"), "emotion", "grateful"),
    StatePattern("zh_emotion", "zh", re.compile(
        _ZH_STATE_LEAD + r"(?P<neg>不)?(?P<word>" + "|".join(EMOTION_WORDS_ZH) + r")"), "emotion",
        words=EMOTION_WORDS_ZH),
)

# -- helpers for object phrases --------------------------------------------------------------------

#: an English object phrase ends before these words (time, purpose, place adjuncts, clauses)
EN_OBJECT_STOP = re.compile(
    r"\s+(?:and (?:i|we|my|it|he|she|they|then|also|now|joined|started|moved|bought|got|went|became|"
    r"switched|began|took|sold|left|quit|drive|drives|am|signed|adopted)|like|such as|as well as|"
    r"(?:you|we|they|he|she|i) (?=\w)|(?:and )?the [a-z]+ (?:said|says|told|confirmed|thinks|thought|was|is|were|are|has|had)\b|"
    r"(?:a )?(?:few|couple of|several|\d+|one|two|three|four|five) "
    r"(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|mos?|years?|yrs?)|yesterday|today|tonight|tomorrow|last|this|next|ago|recently|now|since|for|from|"
    r"with|because|but|so|when|while|after|before|on|at|in|to|which|that|who|and then|about|around|without|"
    r"over (?:the|a|this|last|my|our) (?:holidays?|weekend|summer|winter|break|christmas|years?|months?)|"
    r"every|each|again|already|anymore|any more|as well|too|though|although|if|is|was|are|itself|themselves|originally|"
    r"were|has|have|had|it is|its|it's|really|very|lately|last|as|instead|these days|nowadays|"
    r"full-time|part-time|anymore|by|of|got|gets|does|did|will|would|can|could|"
    r"should|may|might|just|since|until|through|throughout|during|via|lol|lmao|haha|hahaha|btw|tbh|rn|atm|omg|xd)\b.*$")
def _descriptor_not_name(word: str) -> str:
    """``word`` ("new" / "old") as a descriptor to drop, unless it opens a name of NEW_OLD_NAMES
    ("a new car" → "car", but "a New Balance running shoe" keeps "new balance")."""
    return word + r"(?!\s+(?:" + new_old_name_rest(word) + r")\b)"


EN_LEADING = re.compile(r"^(?:(?:a|an|the|my|our|his|her|their|its|same|current|some|this|that|these|those|"
                        + _descriptor_not_name("new") + r"|brand new|very own|own|"
                        r"also|especially|mostly|mainly|"
                        r"two|three|a couple of|a pair of|lots of|a lot of|myself|me|him|her|used|" + _descriptor_not_name("old") + r"|"
                        r"first|second-hand|secondhand|refurbished|pre-owned|little|beloved|sweet|beat-up|beat up|trusty|shiny|[a-z]+'s|"
                        r"really bad|pretty bad|so bad|bad|severe|terrible|awful|horrible|mild|nasty|seasonal|"
                        r"(?:19|20)\d\d)\s+)+")
EN_GERUND = re.compile(r"^(?:listening to|watching|eating|drinking|playing|reading|using|having|seeing|"
                       r"going to|to listen to|to watch|to eat|to drink|to play|to read)\s+")
EN_COORD = re.compile(r"\s*(?:,|\band\b|\bor\b|&)\s*")
#: an object that is only a light verb's gerund says nothing about what is liked or done ("I
#: love going on road trips" cut before "on", "I hate not being on the court", "like talking
#: to you"): the slot is empty, not "going"
EN_EMPTY_OBJECTS = re.compile(r"^(?:not |never )?(?:going|getting|doing|having|being|making|taking|trying|coming|playing|"
                              r"keeping|putting|letting|seeing|talking|saying|telling|giving|working|thinking|"
                              r"feeling|looking|spending|finding|stuff|things?)$|"
                              # a quantifier left alone ("having some of these little ones" cut at "of")
                              r"^(?:some|any|none|more|most|all|these|those|one|ones)$|"
                              r"^(?:not|never) |"
                              # "I started at the bottom": a rung, not a workplace
                              r"^(?:the )?(?:bottom|top|beginning|start|end|scratch)$|^square one$")
#: a dash set off by spaces ends the phrase ("discovering new cities - it's …", "- super excited")
EN_DASH_BREAK = re.compile(r"(?:^|\s)[-–—]+(?:\s|$).*$")

ZH_OBJECT_STOP = re.compile(
    r"(?:的时候|因为|但是|不过|所以|然后|之后|以后|而且|还有|已经|现在|最近|很|真|太|挺|非常|特别|"
    r"好用|不错|了|吧|呢|啊|啦|呀|哦|嘛|一下|一段时间|好几|三年|两年|一年|几年|很久|"
    r"工作|上班|做饭|煲汤|的|快走|散步|跑步|遛弯|锻炼|健身|"
    # how one works there (在原单位踏实工作, 在厂里安心上班): the place ends before the manner
    r"(?<=[\u4e00-\u9fffA-Za-z0-9]{2})(?:踏踏实实|踏实|认真|努力|安心|好好|老老实实|稳定|安稳|勤勤恳恳)(?=地?(?:工作|上班|干|做|待|呆)|地?$)|"
    # what the thing is used for, after it (骑一辆小牛电动车上下课, 开它通勤)
    r"上下课|上下学|上下班|上学|通勤|接送|买菜|送孩子|"
    # a comparison's second term (开的这台凯美瑞比以前那辆思域好开): the object ends before 比
    r"(?<=[\u4e00-\u9fffA-Za-z0-9]{2})比(?!亚迪|特币|利时|萨|基尼|熊|格|赛|例|较)|"
    # how long it has been (入职德佑房产两周, 搬来杭州三个多月): a span, no part of the name
    r"(?<=[\u4e00-\u9fff]{2})[一二三四五六七八九十两几半\d]+(?:个多月|个月|周|天|个星期|星期|礼拜)(?=了|多|$|[^\u4e00-\u9fff])|"
    # what the visit was for (去医院检查, 去银行办事): the place ends before it
    r"(?<=[\u4e00-\u9fff]{2})(?:检查|看病|体检|复查|复诊|拿药|打针|输液|挂号|办事|办理|开会|上课|报名|吃饭|买菜|逛街|取钱|存钱)).*$")
ZH_LEADING = re.compile(r"^(?:了|过|着|的|在|是|(?:老家|家乡|故乡)(?=[\u4e00-\u9fff]{2})|(?:那|这)(?:辆|台|部|只|条|家|所)|那个|这个|那些|这些|一些|一点|点|一趟|趟|"
                        # how often (去过三次云南, 去了好几趟成都): a count, not the place
                        r"(?:[一二三四五六七八九十两几\d]{1,3}|好几|很多|无数)(?:次|趟|回|遍)|"
                        # how long (用了十年的诺基亚, 开了五年的车): a duration, not the thing
                        r"(?:[一二三四五六七八九十两几半\d]{1,3}|好几|很多)多?(?:年|个月|个多月|天|周|个星期|小时)多?的|轻度的?|中度的?|重度的?|轻微的?|严重的|早期|晚期|"
                        # 张 is also the commonest surname: a measure word only after a numeral (张伟)
                        r"(?:一|两|三|几|好几)张|(?:一|两|三|几|好几)?(?:个|台|部|辆|只|本|件|双|条|杯|份|块|套|款|把|支|"
                        r"瓶|盒|袋|家)|"
                        # how much (买了一堆馅饼, 囤了两箱牛奶, 好多水果): a quantity, not the thing
                        r"一大堆|一堆|一大袋|一大箱|好多|很多|不少|好些|(?:[一二三四五六七八九十两几\d]{1,3}|好几)(?:箱|堆|斤|包|串|束|桶|罐|提|大袋|大箱)|"
                        r"新的|新买的|旧的|二手的|二手|白色的|黑色的|老款的|老款|新款的|新款|旧款的|旧款)+")
#: verbs whose object is the thing one likes (吃火锅 → 火锅, 看电影 → 电影); 做 and 养 only before
#: what is kept or made as a thing (养猫 → 猫, 做饭 is a lexicon activity): 做面包, 养花 are activities
ZH_CONSUME_VERB = re.compile(r"^(?:吃|喝|看|听|玩|打|逛|去|养(?=猫|狗|鱼|鸟|兔|仓鼠|乌龟|宠物))(?=.)")
ZH_COORD = re.compile(r"[和跟与及、]|还有|[，,](?:另)?(?:一只|一条|老二|老三)(?:叫|名叫)")

#: pronouns / demonstratives that stand for an earlier entity
PRONOUNS_EN = frozenset({"it", "this", "that", "this one", "that one", "them", "these", "those"})
PRONOUNS_ZH = frozenset({"它", "它们", "那个", "这个", "那个东西", "这个东西", "那台", "这台", "那款", "这款"})

TIME_HINT_EN = re.compile(
    r"\b(yesterday|today|tonight|this morning|this afternoon|this evening|this week|this month|"
    r"last (?:week|month|year|night|weekend|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)|(?:\d+|a|one|two|three|four|five|six|a few|several) (?:days?|weeks?|months?|"
    r"years?) ago|recently|just now)\b")
TIME_HINT_ZH = re.compile(
    r"(昨天|今天|前天|今早|今晚|上周末|上周|上星期|上个星期|上个月|去年|前年|刚才|刚刚|最近|这周|本周|"
    r"(?:\d+|[一二三四五六七八九十两几]+)(?:天|周|个星期|个月|年)前)")

EN_CONTRACTIONS = (
    ("i'm", "i am"), ("i've", "i have"), ("i'd", "i would"), ("i'll", "i will"),
    ("we're", "we are"), ("we've", "we have"), ("don't", "do not"), ("doesn't", "does not"),
    ("didn't", "did not"), ("can't", "cannot"), ("won't", "will not"), ("isn't", "is not"),
    ("wasn't", "was not"), ("haven't", "have not"), ("it's", "it is"), ("she's", "she is"),
    ("he's", "he is"),
    # the same typed without the apostrophe (chat): only forms that are no other word
    ("im", "i am"), ("ive", "i have"), ("dont", "do not"), ("didnt", "did not"), ("doesnt", "does not"),
    ("cant", "cannot"), ("isnt", "is not"), ("wasnt", "was not"), ("havent", "have not"), ("weve", "we have"),
)

#: clause cues that make a clause not a statement about the present self: nothing it asserts
#: ("I want to buy X", "我打算搬到杭州") is a claim. See CONDITIONAL_* for what stays.
EN_IRREALIS = re.compile(r"\b(?:if|would|should|could|might|maybe|perhaps|wish|want to|"
                         r"going to|plan to|planning to|thinking about|thinking of|contemplating|toying with|considering|will|tomorrow|next week|"
                         r"next month|next year|"
                         # a time to come that no scheduled start took ("Starting Monday I'm going
                         # fully vegan", "leasing a Kia from next Monday"): a plan, not yet a state
                         r"next (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|spring|summer|"
                         r"fall|autumn|winter|term|semester)|this coming|(?:starting|from) (?:tomorrow|next|"
                         r"monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b")
ZH_IRREALIS = re.compile(r"如果|(?<![主只需重])要是|假如|的话|想要|打算|准备|考虑|也许|可能|会不会|是不是|吗|想买|想去|"
                         r"想用|明天|后天|下周|下个月|明年|将要|要去|要买|下星期|下个星期|下礼拜|下个礼拜|下学期|"
                         # 等签证一下来我就搬去墨尔本: what is to happen once something comes (a
                         # past 等…就…了 is told as done: 等我赶到他就已经走了)
                         r"等[^，,。！？]{1,12}?就(?![是算])(?![^，,。！？]*了)|"
                         # what was meant or promised (本来想把君威卖了, 说好的不养宠物): not what happened
                         r"本来想|原本想|本想|原来想|想把|说好的|说好了")
#: hearsay and hedges: a statement they introduce is someone's report or a guess, not a fact
#: ("I think Sarah works at Apple", 听说他在腾讯上班). Only *before* the verb: in "I bought an air
#: fryer and I think it's great" the hedge scopes over the praise, not the purchase.
HEDGE_EN = re.compile(r"\b(?:i think|i guess|i believe|i heard|i hear|apparently|supposedly|rumou?r has it|pretty sure|"
                      r"i suspect|i bet|probably|maybe|might|could be|"
                      # what others take the speaker for: "Everyone assumes I'm from Chicago"
                      r"(?:everyone|everybody|people|they|most people) (?:assumes?|thinks?|figures?|guesse?s?)|"
                      # a near miss or a mistaken belief: "I almost moved to Denver", "I thought I had the flu"
                      r"almost|nearly|i thought|i was sure|i was convinced)\b")
#: (a fear right before the verb is a guess too: 我怕自己得了胃癌, 我担心我有抑郁症)
HEDGE_ZH = re.compile(r"听说|据说|好像|似乎|我猜|怀疑|估计|大概|我觉得|感觉我|不确定|"
                      # a near miss or a mistaken belief: 我差点去了网易, 我以为自己得了胃炎
                      r"差点|差一点|险些|以为|"
                      r"(?:害怕|生怕|担心|恐怕|怕)(?:自己|我)?(?:会|是|已经)?(?=$|得了|得|患|有|染上|查出|确诊)")
#: reported speech about a third person: what someone says *they* did is their report, not a fact
#: the user states ("My coworker said she quit Google", 我室友说她从阿里辞职了). A report about the
#: user stays ("My doctor says I'm over the anemia", 医生说我的贫血已经好了).
REPORTED_EN = re.compile(r"\b(?:says|said|told me|tells me|mentioned|claims|claimed|texted me|wrote)(?: that)? "
                         r"(?:she|he|they)\b")
REPORTED_ZH = re.compile(r"(?:说|告诉我|跟我讲)(?:[，,])?(?:他们|她们|他|她)")

#: the strongest irrealis cues: conditions, wishes, questions inside the clause. A clause with one
#: yields nothing at all. Under the weaker ones (a wish or plan: "I want to make soup with my new
#: pressure cooker", 我想用新的高压锅煲汤) the *presupposed* possession "my new X" still holds —
#: the wish is about the soup, not about owning the cooker — so it stays an implied OWNS.
EN_CONDITIONAL = re.compile(r"\b(?:if|unless|suppose|supposing|imagine|wish|hypothetically|"
                            r"pretend)\b|"
                            # text to be written for the user ("write a joke bio saying I work at
                            # NASA"): what it says is the draft's, not a fact; and a line marked as
                            # sarcasm ("I'm SO excited /s") means its opposite
                            r"\b(?:write|draft|compose|make up|invent|generate|create)\b[^.!?]{0,40}?"
                            r"\b(?:saying|that says|stating|claiming)\b|(?<!\S)/s\s*$")
ZH_CONDITIONAL = re.compile(r"如果|(?<![主只需重])要是|假如|假设|万一|倘若|的话|会不会|是不是|吗|"
                            # a wish, as "wish" in English (真希望我住在巴黎, 但愿能去字节, 巴不得搬走)
                            r"希望|但愿|巴不得|梦想|做梦都想|"
                            # 帮我写个简介，就说我在腾讯上班: what the draft is to say
                            r"(?:帮我|给我|替我)(?:写|编|起草|拟|想)[^。！？]{0,16}?(?:就说|说我|[：:]\s*[“\"])|^\s*就说")
#: before 新X in a wish/plan clause: possession is presupposed only after a possessive or a use
#: verb (用新的高压锅, 我的新手机, 新买的…), not after an acquisition verb (想买新的手机)
ZH_PRESUPPOSED_NEW = re.compile(r"(?:(?:我的|我们的|我家|我们家)(?:新买的|新的|新)|新买的|"
                                r"(?:用|拿|使用|带)(?:新的|新))$")
