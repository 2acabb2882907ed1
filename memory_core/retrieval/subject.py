"""Whose fact is it? The question's subject against a statement's (pure functions).

"Am I still drinking coffee?" shares every word with "My coworker is still drinking three cups
of coffee a day", and a lexical index — and a small embedding model, which is mostly lexical
too — ranks that sentence first. Its grammatical subject is somebody else, which the question
is not asking about. This module reads the two cheap signals that separate them:

* the question asks about the user as the subject ("Am I…", "Where do I…", "我现在还…", "我是…"),
  not about someone of theirs ("my son", "我儿子", "我家的狗");
* the statement's subject is another person or a pet ("My brother works…", "The neighbour's
  dog…", "同事每天…", "我弟弟现在…", "邻居家的狗…").

The reranker lowers such statements for such questions (``policy.RERANK_OTHER_SUBJECT``); it
never drops them, and a question about someone else is untouched.
"""

from __future__ import annotations

import calendar
import re
from functools import lru_cache

from ..governance.cues import split_clauses, split_sentences
from ..lexicon.categories import categories_of, concept_of
from ..lexicon.names import EN_PET_BREEDS, PET_SPECIES
from ..text.stopwords import STOPWORDS
from ..text.zh_variants import as_simplified
from .intent import chinese_subject
from .predicates import FAMILIES

#: people a user talks about (English singular nouns; plurals via "s?")
_EN_PEOPLE = (
    "coworker|co-worker|colleague|boss|manager|brother|sister|mom|mum|mother|dad|father|"
    "parents?|son|daughter|kids?|children|child|wife|husband|partner|boyfriend|girlfriend|"
    # … and by chat's letters, before a verb ("the gf went back to eating meat"; "gf" before a noun
    # is gluten-free: "the gf pasta tastes like cardboard")
    "(?:gf|bf)(?=\\s+(?:just\\s+|finally\\s+|also\\s+)*(?:is|was|has|had|went|got|gets|says|said|started|stopped|"
    "quit|moved|wants|decided|dropped|switched|just|finally|also))|"
    "friend|roommate|flatmate|neighbou?r|cousin|uncle|aunt|niece|nephew|grandma|grandpa|"
    "grandmother|grandfather|teacher|doctor|baby|"
    # people one talks about by a casual or a work word ("My buddy Jake just got hired at Tesla")
    "buddy|pal|bestie|bff|mate|classmate|teammate|bandmate|housemate|landlord|landlady|"
    "client|coach|mentor|advisor|adviser|supervisor|professor|prof|tutor|lecturer|therapist|pastor|stepmom|stepdad|stepbrother|stepsister|in-laws?|ex|"
    # kin and partners by their casual and regional words ("my missus", "me nan", "the hubby")
    "sis|bro|hubby|missus|wifey|fianc[ée]e?|grandson|granddaughter|grandkids?|stepson|stepdaughter|"
    "(?:mother|father|sister|brother|son|daughter)[- ]in[- ]law|auntie|aunty|granny|gran|nan|nana|nanna")
#: an honorific that follows the word for a person in South Asian English ("my neighbour apa got
#: a persian kitten", "my cousin bhai moved to Dubai"): part of the person, no verb
_EN_HONORIFIC = r"(?:\s+(?:apa|bhai|bhaiya|didi|dada|ji|sahib|saab|akka|anna|chechi|chetta|kaka|kaki|mama|mami))?"
#: a word for somebody by what they do or who they are to the user, followed by their name ("our
#: drummer Tama moved up to Auckland", "my landscaper Rafi quit", "My batchmate Dilshan joined John
#: Keells"): any lower-case word — a list of such words never ends — that is no word of the
#: lexicon ("my hamster Nibbles died" is the user's pet) and no adjective ("my new Tesla
#: arrived"): checked by the caller
_EN_AGENT_NAMED = r"(?P<agent>(?-i:[a-z]{3,}))\s+(?-i:[A-Z][^\W\d_]+)"
#: … and animals
_EN_OTHERS = _EN_PEOPLE + "|cat|dog|puppy|kitten"
#: where a person one talks about lives or comes from, between them and their verb ("the
#: neighbour next door just bought…", "my mate from work's gone vegan")
_EN_WHERE = (r"\s+(?:next\s+door|upstairs|downstairs|down\s+the\s+(?:road|street|hall|block)|"
             r"across\s+the\s+(?:road|street|hall)|from\s+(?:work|church|school|uni|college|the\s+gym|the\s+office))")
#: what follows a subject in a report of somebody's news: auxiliaries, adverbs, the irregular
#: pasts such a report uses ("my daughter went vegan"), then any -s / -ed verb
_EN_SUBJECT_VERBS = (r"is|are|was|were|has|had|have|does|did|got|gets|will|can|still|always|never|just|"
                     r"went|said|broke|left|quit|took|made|became|began|bought|sold|lost|found|told|thought|gave|"
                     r"came|ran|fell|met|split|won|drove|flew|kept|spent|sent|felt|knew|heard|saw|"
                     # the perfect without "has", as Caribbean and West African English tell news
                     # ("mi girlfriend gone vegan from January")
                     r"gone|seh|sey|sez|"
                     # a plural subject's present ("the kids keep asking for a puppy", "my parents want…")
                     r"keep|want|say|think|need|love|hate|"
                     r"\w+(?:s|ed)")
#: adverbs of manner and time between the subject and its verb ("My dad finally sold his old truck",
#: "My sister recently moved to Austin", "My cousin actually got into Stanford"): any lower-case
#: word in -ly, as a list of them never ends
_EN_MANNER = r"(?:\s+(?-i:[a-z]{2,}ly))*"
#: "has" contracted onto the person word ("our neighbour's gone vegan", "Sister's moved to Leeds")
_HAS_CONTRACTED = r"['’]s\s+(?:just\s+|finally\s+|now\s+|officially\s+|also\s+)*(?:gone|went|got|been|become|moved|started|quit|left|decided|switched|taken|adopted|bought)\b"
#: "is" contracted onto the subject before a participle or an adverb ("my flatmate Kiri's trying
#: carnivore"; "'s been" is _HAS_CONTRACTED's)
#: (and the Irish and Scouse perfect, "our kid's after gettin a job at Jaguar")
_IS_CONTRACTED = (r"['’]s\s+(?:\w+ing|just|now|finally|officially|off to|engaged|married|pregnant|expecting|divorced|retired|"
                  r"after\s+\w+in(?:g|['’])?)\b")
#: the words after "my friend" that are no name typed in lower case ("my landlord finally fixed…")
_EN_NOT_A_NAME = (r"(?!(?:just|finally|also|still|recently|already|never|always|totally|actually|really|literally|"
                  r"officially|suddenly|eventually|and|or|who|that|says|said|is|was|has|had|got|gets)\b)")
_EN_OTHER_SUBJECT_RX = (
    # "My best friend Omar just got divorced": a name may follow the word for a person (not for a
    # pet: "My dog Pepper loves the beach" tells the user has a dog)
    # ("me" is "my" in British and Irish chat: "me nan moved into a care home")
    # ("mi" is "my" in Caribbean English: "mi girlfriend gone vegan")
    # ("My daughter in Boston got a cat": where the person lives, between them and the verb)
    # (a name of two words: "my friend Jia Hui just adopted 2 guinea pigs")
    # (a name typed in lower case too, before its verb: "my friend darlene just got diagnosed")
    # ("ma" is "my" in Scots: "ma pal Kirsty just started at Baillie Gifford")
    rf"^(?:my|me|mi|ma|mah|our|his|her|their|the)\s+(?:\w+\s+)?(?:(?:{_EN_PEOPLE})s?\s+(?:(?-i:[A-Z][^\W\d_]+)|{_EN_NOT_A_NAME}(?-i:[a-z]+))"
    rf"(?:\s+(?-i:[A-Z][^\W\d_]+))?|"
    rf"(?:{_EN_OTHERS})s?{_EN_HONORIFIC}(?:\s+(?:in|from|up in|down in|over in|out in)\s+(?-i:[A-Z][^\W\d_]+)|{_EN_WHERE})?|@AGENT@)"
    r"(?:(?:'s\s+\w+)?" + _EN_MANNER + r"\s+(?:do|" + _EN_SUBJECT_VERBS + r")\b|" + _IS_CONTRACTED + "|" + _HAS_CONTRACTED + r")")
_EN_OTHER_SUBJECT = re.compile(_EN_OTHER_SUBJECT_RX.replace("@AGENT@", _EN_AGENT_NAMED), re.I)
#: … without the agent word: what is read when the word the agent path took is no word for
#: somebody ("my flatmate from Chennai eats everything": the optional word took "flatmate" and the
#: agent "from", and a match that fails its check must not hide the one through "flatmate")
_EN_OTHER_SUBJECT_NO_AGENT = re.compile(_EN_OTHER_SUBJECT_RX.replace("|@AGENT@", ""), re.I)
#: the same with the "my" dropped, as chat drops it ("Buddy Jake picked up a Ford Bronco", "Brother
#: dropped carnivore", "Neighbor's daughter just got engaged"): a word for a person at the start
_EN_BARE_ROLE_SUBJECT = re.compile(
    # (a name in any script's letters: "My sister Bríd has moved"; "Buddy of mine, Dale, moved to Phoenix";
    # where they are: "Buddy next door just bought an Outback")
    rf"^(?:(?:best|older|younger|little|big|baby|twin|old|new|wee|lil|kid)\s+)?(?:{_EN_PEOPLE})s?(?:\s+of\s+(?:mine|ours)|{_EN_WHERE})?"
    r"(?:,?\s+(?-i:[A-Z][^\W\d_]+),?)?"
    r"(?:(?:'s\s+\w+)?" + _EN_MANNER + r"\s+(?:finally|" + _EN_SUBJECT_VERBS + r")\b|" + _HAS_CONTRACTED + r")", re.I)
#: a name as the subject, or a name's thing ("Jess got promoted already", "Harrison says the mine
#: pays double", "Rosa's ankle healed"): a capitalised word that is no word of the lexicon and no
#: sentence opener, before a verb a report of somebody's news uses
_NEWS_VERBS = (r"says|said|seh|sey|sez|texted|told|sent|got|gets|just|finally|keeps|kept|went|moved|quit|started|"
               r"joined|bought|sold|adopted|proposed|landed|left|retired|passed|healed|broke|dropped|picked")
_EN_NAMED_SUBJECT = re.compile(
    # ("Our Bethan's gone and got herself a job": a family member by name after "our", as the
    # north of England and Wales say it)
    rf"^(?:our\s+)?(?P<name>(?-i:[A-Z][a-z]+))(?:(?P<pos>(?:\s+and\s+(?-i:[A-Z][a-z]+))?(?:'s|’s))(?:\s+\w+){{1,3}}?\s+(?:is|was|has|had|{_NEWS_VERBS})|"
    # ("Lauren from work has started keto": where the person is from, and the perfect;
    # "Cathal's thinking of going to Kerry Group": 's is "is" before a participle)
    rf"(?:\s+from\s+(?:work|the\s+office|school|uni|church|the\s+gym|class|next\s+door))?\s+(?:has\s+|had\s+)?(?:{_NEWS_VERBS})|"
    rf"(?:'s|’s)\s+(?:thinking|planning|moving|starting|leaving|switching))\b", re.I)
_NOT_A_NAME = frozenset((
    "i", "we", "you", "he", "she", "they", "me", "us", "a", "an", "the", "my", "our", "this", "that", "these", "those", "it", "its", "there", "here", "what", "who",
    "got", "get", "gets", "getting", "just", "still", "also", "now", "today", "tonight", "yesterday", "tomorrow",
    "then", "so", "and", "but", "well", "oh", "ugh", "lol", "haha", "update", "news", "quick", "big", "first", "last",
    "everyone", "everybody", "someone", "somebody", "nobody", "no", "yes", "life", "work", "home", "school", "traffic",
    "weather", "rent", "money", "dinner", "lunch", "breakfast", "morning", "night", "week", "weekend", "year", "day",
    "car", "job", "diet", "health", "back", "finally", "never", "always", "been", "was", "is", "had", "have", "am",
    "went", "came", "made", "took", "left", "moved", "quit", "sold", "bought", "started", "joined", "adopted",
    # what opens a chat line before the user's own news ("Ok moved out of hall liao", "Aye left
    # the job Friday"): no name
    "ok", "okay", "yeah", "yep", "yup", "aye", "ja", "right", "alright", "anyway", "anyways", "welp", "sigh", "wow",
    "hey", "hi", "hello", "sorry", "btw", "fyi", "hmm", "um", "oops", "phew", "great", "good", "bad", "sadly",
    "luckily", "officially", "guess"))
#: a third person by pronoun ("He's officially married now", 她上个月搬去杭州了): somebody the
#: sentence before named
_EN_PRONOUN_SUBJECT = re.compile(r"^(?:he|she|they)(?:'s|’s|'re|’re|'ve|’ve|'d|’d|'ll|’ll)?\s+\w+", re.I)
_ZH_PRONOUN_SUBJECT = re.compile(r"^(?:他们|她们|他|她)(?![们的]?(?:说|觉得|问|让|叫))")
#: "my employer", "my current job", "my relationship status" (my + a word that is no person or
#: animal of the user's); 我的工作, 我的学业 (我的 + no kin or animal)
_EN_MY_STATE = re.compile(rf"\bmy\s+(?:current\s+|present\s+|new\s+|main\s+)?(?!(?:{_EN_OTHERS}|best|old|little|"
                          rf"older|younger|big|ex)s?\b)[a-z]+", re.I)
_EN_ABOUT_USER = re.compile(
    r"\b(?:am|do|did|have|had|was|were|can|could|should|will|would|shall)\s+i\b|"
    r"\bi\s+(?:am|still|ever|usually|currently|now)\b|^(?:am|do|did|have|was|can)\s+i\b|"
    # the household asked as "we" ("what pet have we got now?", "what car do we drive these days?")
    r"\b(?:are|do|did|have|had|were)\s+we\b|\bwe\s+(?:still|currently|now)\b|"
    # "I'm" is "I am"; a question put as a request for a reminder asks about the one asking
    # ("remind me where I'm working now?", "remind me what area I live in now?")
    r"\bi(?:'m|’m)\b|^(?:(?:can|could) you\s+)?(?:remind me|tell me|do you (?:know|remember))\b.*\bi\b", re.I)

_ZH_OTHERS = ("同事|老板|领导|经理|哥哥|弟弟|姐姐|妹妹|妈妈|爸爸|母亲|父亲|父母|儿子|女儿|孩子|老婆|"
              "老公|妻子|丈夫|男朋友|女朋友|对象|朋友|室友|邻居|表妹|表姐|表哥|表弟|堂妹|堂哥|堂弟|堂姐|叔叔|"
              "阿姨|侄女|侄子|外甥|奶奶|爷爷|外婆|外公|老师|医生|同学|猫|狗|闺蜜|发小|哥们|舍友|师兄|师姐|学长|学姐|"
              "老乡|兄弟|姐妹|师弟|师妹|学弟|学妹|老板娘|房东|客户|前任|前男友|前女友|"
              # Cantonese flatmate (我同屋住嘅阿仔今日同女朋友分手)
              "同屋|"
              # the family by marriage and the regional words for kin (我媳妇说她血糖也偏高, 我家姐)
              "媳妇|老伴|爱人|婆婆|公公|岳母|岳父|丈母娘|老丈人|儿媳|女婿|嫂子|姐夫|妹夫|弟妹|舅舅|舅妈|姑姑|姑父|"
              "姨妈|小姨|大姨|姨父|伯伯|伯母|婶婶|孙子|孙女|外孙|外孙女|家姐|家兄|老爸|老妈|老爹|老娘|"
              # 老汉(儿) is the father in Sichuan and Chongqing (老汉说他胃不得行); children by their
              # everyday names
              "老汉儿|老汉|闺女|小孩|孩儿|"
              # the in-laws by their everyday names and Cantonese kin (俺小舅子在曹操出行干专车, 細佬)
              "小舅子|大舅子|小姨子|大姨子|小叔子|大伯子|连襟|妯娌|亲家|干爹|干妈|老铁|细佬|细妹|家姐|阿爸|阿妈|老豆")
#: somebody called by a surname nickname (小王, 老李), as chat names coworkers and neighbours — after
#: where they are from, 组里的小王 (小雨, 小宝: no surname, may be the user's own partner or child)
_ZH_NICKNAME = (r"(?:[\u4e00-\u9fff]{1,4}的|(?:我们|咱们|我|咱)?(?:车间|车队|科室|科里|部门|组里|处里|公司|单位|办公室|队里|班里|"
                r"宿舍|楼上|楼下|隔壁|对门|村里|小区|厂里|店里)(?:里的?|的|上的?)?)?[小老](?:王|张|李|赵|刘|陈|杨|黄|周|吴|徐|孙|马|朱|胡|郭|何|林|罗|高|郑|梁|谢|宋|唐|"
                r"许|韩|冯|邓|曹|彭|曾|萧|田|董|袁|潘|蒋|蔡|余|杜|叶|程|苏|魏|吕|丁|沈|姚|卢|姜|崔|钟|谭|陆|汪|范|金|石|"
                r"廖|贾|夏|韦|方|白|邹|孟|熊|秦|邱|江|尹|薛|段|雷|侯|龙|史|贺|顾|毛|郝|龚|邵|钱|严|孔|汤)(?![\u4e00-\u9fff]{0,1}(?:家|板|师|公|婆|乡|伴|大|总))")
#: "of the same ward / class / dorm as me" before a name (同科室的阿芳, 同宿舍的小雨, 隔壁班的阿杰)
_ZH_SAME_PLACE = (r"(?:同|隔壁)(?:科室|科|部门|组|班|宿舍|寝室|公司|单位|车间|办公室|村|小区|楼|层)的(?:阿|小|老)?"
                  # (a name in Latin letters as a coworker goes by: 同组的Vivian跳去PwC了)
                  r"(?:[\u4e00-\u9fff]{1,2}(?=[\u4e00-\u9fff])|[A-Za-z][A-Za-z'-]+(?![A-Za-z]))")
#: where somebody is from before the word for them (学院同事王老师, 公司里的同事, 我们科室的护士长…)
_ZH_WORK_UNIT = (r"(?:(?:我们|咱们|我)?(?:大学|高中|初中|小学|学院|学校|系里|院里|科里|科室|公司|单位|部门|组里|办公室|班上|班里|车间|厂里|店里|"
                 r"队里|医院)(?:里的?|的)?)")
#: somebody pointed at by where they are (隔壁直播间那个姐妹, 楼下那位阿姨)
_ZH_THAT_ONE = r"(?:[\u4e00-\u9fff]{1,6}?(?:那个|那位))"
#: somebody beside the user before the word for them: by the user's door (隔壁邻居; 楼上那家的阿姨 is
#: _ZH_THAT_ONE's) or in the user's lab, class or group (同门师兄延期毕业了, 同班同学)
_ZH_BESIDE_USER = r"(?:隔壁|对门|楼上|楼下|同门|同届|同班|同组|同寝室?|同宿舍)"
_ZH_OTHER_SUBJECT = re.compile(rf"^(?:[我俺咱]们?|他|她|他们)?(?:家)?(?:的)?(?:{_ZH_WORK_UNIT}|{_ZH_THAT_ONE}|{_ZH_BESIDE_USER})?(?:前|老)?(?:{_ZH_OTHERS})(?!们?(?:[，,!！:：~～]|$))(?!圈|粮|砂)|"
                               # done for somebody (帮兄弟策划求婚…成功了, 给老婆买了辆车): their state
                               rf"^[我俺咱]?(?:帮|替|给)(?:[我俺咱]的?)?(?:{_ZH_OTHERS}|爸|妈|哥|姐|弟|妹)|^[我俺咱]家?(?:的)?(?:爸|妈|哥(?!大(?!学))|姐|弟|妹|"
                               # one character of kin (我舅也查出糖尿病了, 我姑, 我娃, 我崽) — not 我姑且
                               rf"舅|姑(?!且)|姨|叔|伯|娃|崽)|"
                               rf"^{_ZH_NICKNAME}|"
                               # somebody named after where the user knows them from (同科室的阿芳拍拖了)
                               rf"^{_ZH_SAME_PLACE}")
#: a time that opens a statement before its subject
_LEAD_TIME = re.compile(
    r"^(?:(?:yesterday|today|tonight|this (?:morning|afternoon|evening|week|weekend)|last (?:night|week|weekend|month|year)|"
    r"over the weekend|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b,?\s+|"
    r"(?:今天|昨天|前天|昨晚|今早|上周末?|这周末?|周末|最近|前几天|前阵子|今年|去年|上个?月|刚才|早上|中午|下午|晚上|"
    r"春节|过年|元旦|五一|十一|国庆|端午|中秋|清明)(?:的时候|回家|回来|回老家)?[，,\s]*)", re.I)
#: 我 as somebody's object (邻居的车停我以前那个车位, 同事问我…, 说要带我们去北海兜风, 给我整得也想去,
#: …你帮我看看: the user asks the assistant): the user is not the subject there
#: … and "my" before a thing of the past (我闺蜜搬到玉林我原来那个小区了: the friend moved into the user's old place)
_ZH_ME_AS_OBJECT = re.compile(r"(?:来|到|进|在|住)[我俺]家(?!的)|(?:跟|和|同|对|冲|朝)[我俺](?!们|一起|一块|一道|俩)|你(?:帮|给|替)我|(?:给|把)我(?:整|搞|弄)得?|(?:搞|弄|整)得我|(?:问|让|叫|找|请|告诉|停|借|比|向|喊|约|劝|催|夸|骂|笑|带|陪|见|喜欢|理|认|咬|挠|怕|烦)[我俺咱]们?|我(?:原来|以前|之前|当年)的?(?:那个|那间|那套|那家|那)?")
#: "我现在…", "我是…", "我还…", 俺/咱 (regional and casual "I"), and the speaker later in the question
#: (抗抑郁的药我还吃着吗) — but not "我的…", "我家…", "我们家…" or "我+kin", and not a question
#: whose subject is somebody of the user's (我儿子现在…)
_ZH_MY_STATE = re.compile(rf"^(?:[我俺咱]的|[我俺咱]现在的|[我俺咱]目前的)(?!{_ZH_OTHERS}|爸|妈|哥|姐|弟|妹|儿|女|家人|宝宝|孩子)")
#: 我家现在在哪个城市呀: where one's home is, is where one lives; 我家现在还有猫吗, 我们家现在开啥车:
#: what the household has is the user's, as "do we still have a dog?" is (我家 opens a relative's
#: news as often, so only before a word of where one lives or what one keeps or drives)
_ZH_OWN_HOME = re.compile(r"^(?:[我俺咱]|我们|咱们)家(?:现在|目前|如今|这会儿|还|都|里|里头|里面)*(?:是)?(?:在|住|搬|养|有|开|骑)")
_ZH_ABOUT_USER = re.compile(rf"(?:^|(?<=[\u4e00-\u9fffA-Za-z0-9，,\s]))[我俺咱](?!的|家|们)(?!{_ZH_OTHERS})|"
                            # 额 for 我 (陕西, 山西: 额现在有对象没, 你还记得额现在在哪搭上班不) — not the
                            # hesitation 额… before anything else
                            r"(?:^|(?<=[\u4e00-\u9fff，,\s]))额(?=现在|还|目前|如今|在哪|家|有没有)")
#: the household asked as 我们 before where it lives (我们现在住哪儿？, 咱们如今住在哪): the user's home
_ZH_WE_LIVE = re.compile(r"^(?:我们|咱们|我哋)(?:现在|目前|如今|还|到底)*(?:住|搬)")
#: the one asking as the subject without the auxiliary chat drops ("what car I got now ah", "which
#: company I working for now", "Who mi working fah", "where'm i working rn", "remind me where im
#: working now"), home for me, the household as "we" before where it lives or what it has
_EN_SELF_ASKED = re.compile(r"\b(?:i|im|i['’]m|mi)\s+(?!(?:and|or)\b)[a-z]|['’]m\s+i\b|"
                            r"\b(?:home|life)\s+for\s+me\b|"
                            r"\bwe\s+(?:live|livin['’]?|living|stay|stayin['’]?|staying|got|have|drive|driving)\b", re.I)
#: somebody else of the user's named in the question ("what did my mum say I should eat")
_EN_MY_OTHER = re.compile(rf"\b(?:my|me|ma|mi|our)\s+(?:{_EN_OTHERS})s?\b", re.I)
#: a name inside the question ("Does Biscuit still live with me?", "the deal with me and Andre"):
#: a capitalised word after the first, not I
_EN_NAME_INSIDE = re.compile(r"(?<=\s)(?!I\b|I['’])[A-Z][a-z]+")


#: any person a question could be about: a pronoun, or 我/你/他… in Chinese
_ANY_PERSON_EN = re.compile(r"\b(?:i|me|my|mine|myself|we|us|our|ours|you|your|yours|he|him|his|she|her|hers|they|them|"
                            r"their|theirs|i'm|i've|i'd|i'll)\b", re.I)
_ANY_PERSON_ZH = re.compile(r"[我俺咱你您他她它]")


def asks_about_household(question: str) -> bool:
    """A question that names nobody at all — no pronoun, no name ("what pets are in the house
    now?", "what's in the driveway these days?", 家里现在养的啥): asked of an assistant about
    the home it serves, it is the user's household's state."""
    q = _ASKED_OF_ME.sub(" ", question.strip()).strip()
    if not q or _ANY_PERSON_EN.search(q) or _ANY_PERSON_ZH.search(q) or chinese_subject(q) is not None:
        return False
    words = re.findall(r"[^\W\d_][\w'’-]*", q)
    # a capitalised word after the first is a name ("how's Biscuit these days?", "where does Tom live")
    return not any(w[0].isupper() for w in words[1:] if w.isascii())


#: the request around a question ("…, remind me", "tell me …") names no one it is about
_ASKED_OF_ME = re.compile(r"^(?:(?:can|could) you\s+)?(?:remind me|tell me)\b[,:]?|[,;]?\s*(?:remind me|tell me)\s*[?.!]*$", re.I)


#: what somebody said of the user, asked (医生说我现在是什么毛病？, 我妈说我现在住哪来着, "What does my
#: doctor say I have now?"): the question is about the user, told in another's words
_EN_SAID_OF_ME = re.compile(r"\b(?:say|says|said|think|thinks|thought|reckon|reckons)\s+(?:that\s+)?i(?:['’]m|['’]ve|\s+am|\s+have|\s+had)?\b"
                            # (not advice: "what did my mum say I should eat?" asks about her word)
                            r"(?!\s+(?:should|must|need|ought|could|can|would|might|will|shall)\b)", re.IGNORECASE)
_ZH_SAID_OF_ME = re.compile(rf"^[^，,。？?！!]{{1,8}}?(?:说|讲|觉得|认为|诊断)(?:的|过)?[我俺](?![的们家爸妈哥姐弟妹舅姑姨叔伯娃崽老])(?!{_ZH_OTHERS})")


def asks_about_user(question: str) -> bool:
    """The question's subject is the user (not a person or pet of theirs): "Am I…", "Where do
    I…", 我现在…, or a thing of the user's own state ("Who's my employer at the moment?",
    "What's my relationship status?", 我的学业状态) — not "my mom", "my dog", 我儿子. Chat asks
    without the auxiliary too ("what car I got now ah", "where'm i working rn", "Who mi working fah
    right now?", "where's home for me these days?", "where we livin now"), when the question
    names nobody else (no "my dad", no name: "Does Biscuit still live with me?" asks about the pet)."""
    q = question.strip()
    if _EN_ABOUT_USER.search(q) or _EN_MY_STATE.search(q) or _ZH_MY_STATE.search(q) or _ZH_OWN_HOME.match(q) \
            or _ZH_WE_LIVE.match(q) or _ZH_SAID_OF_ME.match(q) or _EN_SAID_OF_ME.search(q):
        return True
    if _EN_SELF_ASKED.search(q) and not _EN_MY_OTHER.search(q) and not _EN_NAME_INSIDE.search(q):
        return True
    return not _ZH_OTHER_SUBJECT.match(q) and bool(_ZH_ABOUT_USER.search(q))


#: the answer to the user's proposal ("SHE SAID YES!!! 💍", "he said yes"): the user's engagement
_SAID_YES = re.compile(r"(?:she|he)\s+said\s+yes\b", re.I)
_FIRST_CLAUSE = re.compile(r"\band\b|[,;]", re.I)
_SENTENCE_END = re.compile(r"[.!?]")
_SENTENCE_START = re.compile(r"(?<=[.!?])\s*")
#: a later sentence in which the user only reacts to the news ("…, she's buzzin. I'm so jealous",
#: "we'll see", "I told him"): it tells nothing of the user's own state
_EN_REACTION = re.compile(
    # (the user's verdict on it without "I": "Not for me", "Good for him", "fair play to her")
    r"^\W*(?:not\s+for\s+(?:me|us)|(?:good|happy)\s+for\s+(?:him|her|them)|fair\s+play\s+to\s+(?:him|her|them))\b|"
    r"^\W*(?:(?:lol|haha|omg|ugh|tbh|honestly|well|so|and|but)\W+)*(?:i|we)(?:['’]m|['’]ll|['’]d|\s+am|\s+will|\s+was|\s+were)?\s+"
    r"(?:so\s+|some\s+|really\s+|kinda\s+|a\s+bit\s+|bit\s+|totally\s+|just\s+)?"
    r"(?:jealous|proud|happy|glad|sad|gutted|envious|see|told|tell|think|thought|guess|hope|wish|miss|love|feel|felt|"
    r"can['’]?t\s+believe|don['’]?t\s+know|"
    r"not\s+(?:persuaded|convinced|sure|interested|bothered|tempted|keen))\b", re.I)
#: a clause of the news's sentence that the user opens after "so" / "then" ("…, so we finally
#: adopted a puppy"); the connective is read off, the rest is the clause. ("and" never opens one:
#: ``_FIRST_CLAUSE`` splits on it, so "…and I bought a Tesla" is no such clause.)
_EN_RETAKEN = re.compile(r"^\s*(?:so|then)\s+(?=(?:i|we)\b(?!['’]ll|\s+will))", re.I)
#: the other person again as the object of the user's clause ("…and I'm helping them unpack")
_EN_THIRD_OBJECT = re.compile(r"\b(?:him|her|them)\b", re.I)


def _tells_own(clause: str) -> bool:
    """A clause the user opens tells the user's own doing: not a reaction to the news and not
    something done for the one the news is about."""
    return not _EN_REACTION.match(clause) and not _EN_THIRD_OBJECT.search(clause)


_TOLD = re.compile(r"\b(?:told|tells|asked|asks|texted|texts|messaged|called|reminded|informed|warned)\s*$", re.I)
_EN_FIRST_PERSON = re.compile(r"\b(?:i|im|ive|me|my|mine|myself|we|us|our)\b", re.I)  # (im, ive: chat drops the apostrophe)
#: the user's thing of the past, which somebody else now has ("friend Sneha joined Apollo Kothrud
#: in my old spot", as 我原来那个小区 in Chinese): the user is no subject there
_EN_MY_FORMER = re.compile(r"\b(?:my|me|ma|mi|our)\s+(?:(?:old|former|previous)\s+|ex(?:-|\s+))[a-z]+", re.I)


#: a carer's word to the user opens the statement ("Dietitian says drop the Banting, go
#: Mediterranean", "Doc says type 2", 医生说拖成哮喘了, 医生让我改成地中海饮食): what the doctor, the
#: dietitian or the vet says is the user's (or the user's pet's) state, not news of the carer —
#: unless the rest turns to a third person ("My doctor says she is moving to Spain")
_CARE_ROLES_EN = (r"doctor|doc|gp|dr\.?(?:\s+[A-Z][a-z]+)?|dietitian|dietician|nutritionist|physio|physiotherapist|dentist|"
                  r"consultant|specialist|cardiologist|endocrinologist|surgeon|nurse|midwife|vet|optician|optometrist|"
                  r"therapist|psychiatrist|oncologist|dermatologist|neurologist|rheumatologist|obgyn|ob-gyn")
_CARE_REPORT_EN = re.compile(
    rf"^(?:(?:my|the|our|me)\s+)?(?:new\s+)?(?:{_CARE_ROLES_EN})\s+(?:says|said|reckons|thinks|told\s+me|tells\s+me|"
    r"wants\s+me|put\s+me|has\s+me|is\s+sending\s+me|sent\s+me|signed\s+me|cleared\s+me|confirmed|diagnosed|"
    r"prescribed|upped|switched\s+me|changed\s+my|took\s+me)\b(?!\s+(?:she|he|they|her|his|their)\b)", re.I)
_CARE_REPORT_ZH = re.compile(
    r"^(?:我的?)?(?:主治|家庭)?(?:医生|大夫|医师|营养师|康复师|理疗师|兽医|牙医|中医)(?:说|让我|叫我|建议我|给我|跟我说|告诉我|诊断|确诊|"
    # what the doctor does to the user's treatment (医生把二甲双胍换成了司美格鲁肽, 医生帮我停了药)
    r"把|帮我|替我|开了|换了|停了|加了|减了)"
    r"(?![他她])")


def other_subject(statement: str, *, names: bool = False, possessive_names: bool = False) -> bool:
    """The statement's grammatical subject is another person or an animal, and the user is not
    in the rest of it ("My manager approved a raise for me", "医生给我开了药" are the user's).

    ``names``: a name opening the statement is somebody too ("Jess got promoted") — not for
    the user's pets and partner, who are told by name ("Biscuit passed away", "Priya said yes"):
    the caller knows which state it asks about. ``possessive_names``: only a name's thing
    ("Tasha's wedding was beautiful" is Tasha's, whoever the user's partner is)."""
    s = statement.strip()
    # a chat line "Name: text" keeps its text (the speaker prefix is no subject)
    s = re.sub(r"^[A-Z][\w .'-]{0,30}:\s+", "", s)
    # … and a time told first is no subject either ("Yesterday my dad…", 国庆我爸开他那台哈弗…)
    s = _LEAD_TIME.sub("", s, count=1)
    if _CARE_REPORT_EN.match(s) or _CARE_REPORT_ZH.match(s) or _SAID_YES.match(s):
        return False
    m = _EN_OTHER_SUBJECT.match(s)
    if m is not None and m.group("agent") and not _agent_is_person(m.group("agent"), m.group(0)):
        m = _EN_OTHER_SUBJECT_NO_AGENT.match(s)
    m = m or _EN_PRONOUN_SUBJECT.match(s) or _EN_BARE_ROLE_SUBJECT.match(s) or \
        (_named_subject(s, possessive_only=not names) if names or possessive_names else None)
    if m:
        rest = s[m.end():]
        if _TOLD.search(m.group(0)):  # "My cousin told me she's dropping out": the user is only who was told
            rest = re.sub(r"^\s*me\b", " ", rest, flags=re.I)
        # the user in the subject's own clause or in a later sentence ("Lauren has started keto and
        # keeps asking me for tips" is Lauren's diet; "My manager approved a raise for me" and
        # "She caved! We're getting a puppy" are the user's)
        rest = _EN_MY_FORMER.sub(" ", rest)
        end = _SENTENCE_END.search(rest)
        first, later = (rest[:end.start()], rest[end.start():]) if end else (rest, "")
        # (a later sentence in Chinese too: "SHE SAID YES!!! … 就在我们第一次约会的Southern Ridges")
        # (the user taking the sentence back after a connective: "My daughter begged for months,
        # so we finally adopted a puppy" — not a reaction, not "…, and I'm helping them unpack")
        own, *clauses = _FIRST_CLAUSE.split(first)
        if any(_tells_own(t[m.end():]) for t in clauses if (m := _EN_RETAKEN.match(t))):
            return False
        return not _EN_FIRST_PERSON.search(own) and not any(
            _EN_FIRST_PERSON.search(c) and not _EN_REACTION.match(c) for c in _SENTENCE_START.split(later)) \
            and "我" not in later
    s = as_simplified(s)  # 我媽還是吃素: the words for people are Simplified
    m = _ZH_OTHER_SUBJECT.match(s) or _ZH_PRONOUN_SUBJECT.match(s)
    if m:
        rest = s[m.end():]
        # (chat breaks a clause with an emoji or a space too: 儿子又吵着要养东西😅 今天在花鸟市场买了只玄凤鹦鹉)
        clauses = [p for sentence in split_sentences(rest) for c in split_clauses(sentence)
                   for p in _CHAT_BREAK.split(c) if p.strip()]
        if len(clauses) > 1 and _ZH_WISH.search(clauses[0]):
            return False  # 闺女非要养个小动物 在花鸟市场买了两只巴西龟: her wish, the user's doing
        # the user in a later clause that only reacts to the news (俺也想去试试, 俺还没想好,
        # 俺俩到时候离得也不远) is no subject of a state either, as in English ("I'm so jealous")
        return not any(re.search("[我俺咱]", c) and not _ZH_REACTION.match(c.strip())
                       for c in _ZH_CLAUSE_BREAK.split(_ZH_ME_AS_OBJECT.sub("", rest)) if c.strip())
    return False

#: a clause in which the user only reacts to somebody's news: a wish, a doubt, a refusal, envy,
#: "the two of us will be close" (not 我俩都是甲状腺出问题, which tells the user's own state)
_ZH_REACTION = re.compile(r"^(?:[我俺咱](?:们|俩|们俩)?)(?:也|还|就|可|都|真|倒|是)?(?:真的|有点|挺)?"
                          r"(?:想|寻思|琢磨|考虑|没想好|还没想好|不敢|可不敢|不去|不回|不要|羡慕|觉得|感觉|怕|担心|到时候|以后|替|为|"
                          r"好奇|好羡慕|不信|不知道|好?酸(?![奶菜辣汤梅])|"
                          # a part in the other's occasion (闺蜜订婚了 我要当伴娘)
                          r"(?:要|得|会|去)?(?:当|做)(?:她|他|他们|她们)?的?(?:伴娘|伴郎|证婚人|司仪|花童)|随份子|随礼|"
                          # telling the other what to do about their news (我叫佢去验下, 我劝他别去)
                          r"(?:叫|让|劝|喊)(?:他|她|佢|他们|她们))")
#: chat breaks a clause with an emoji or a space between Chinese words as well as with a mark
_CHAT_BREAK = re.compile(r"[\u2600-\u27bf\U0001f300-\U0001faff]+\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
_ZH_CLAUSE_BREAK = re.compile(r"[，,。！？!?；;]|" + _CHAT_BREAK.pattern)

#: another person's wish or demand: what follows it is done by whoever tells it, not by the one
#: who wished (the subject a Chinese clause drops is not carried over a wish)
_ZH_WISH = re.compile(r"非要|非得|吵着要|闹着要|嚷着要|缠着要|想要|一直想|天天念叨|说想")


#: a day or a month after "my dinner", "my order" (their full names, as timeparse reads months), and
#: two feasts
_WHEN_WORDS = frozenset((*(n.lower() for n in (*calendar.day_name, *calendar.month_name) if n), "christmas", "easter"))


#: words before a name that describe a thing as readily as a person ("my new Tesla arrived", "my
#: first Honda", "my own Etsy shop"): no word for somebody
_NOT_AGENTS = frozenset(("new", "old", "first", "second", "last", "little", "big", "own", "current", "only",
                         "favourite", "favorite", "lovely", "beloved", "dear", "good", "poor", "sweet", "other",
                         "whole", "entire", "brand", "shiny", "used", "secondhand", "next", "final", "main",
                         "usual", "regular", "local", "nearest", "early", "late", "morning", "evening",
                         "night", "weekly", "daily", "monthly", "annual", "yearly", "free", "online"))

#: an animal's word, and the words made with it ("our sheepdog Shep", "the gundog Bess")
_PET_WORDS_EN = tuple(sorted(w for w in PET_SPECIES if w.isascii() and len(w) >= 3))


def _agent_is_person(agent: str, subject: str) -> bool:
    """Whether "my <agent> <Name>" names a person: the agent word is no adjective or stopword
    ("my new Tesla", "me and Tom"), no animal's word ("our sheepdog Shep") and no word of the
    lexicon (a thing, a food: "my order Tuesday"), and the capitalised word after it no day or
    month ("my dinner Saturday was…")."""
    word = agent.lower()
    m = re.search(rf"\b{re.escape(agent)}\s+([^\W\d_]+)", subject, re.I)
    name = m.group(1).lower() if m else ""
    return not (word in _NOT_AGENTS or word in STOPWORDS or word in EN_PET_BREEDS or word.endswith(_PET_WORDS_EN)
                or categories_of(word) or concept_of(word) or word in _family_words() or name in _WHEN_WORDS)


def _named_subject(s: str, *, possessive_only: bool = False) -> re.Match[str] | None:
    """A person's name opening the statement (no word of the lexicon: "Keto is going great" is
    the user's diet, "Tesla sent the delivery date" no person)."""
    m = _EN_NAMED_SUBJECT.match(s)
    if m is None or possessive_only and m.group("pos") is None:
        return None
    word = m.group("name").lower()
    if word in _NOT_A_NAME or word in _family_words() or word.endswith(("ly", "ed", "ing")) or \
            categories_of(word) or concept_of(word) or re.match(r"\s*yes\b", s[m.end():], re.I):
        return None  # (and "Priya said yes!" is the user's engagement)
    return m


@lru_cache(maxsize=1)
def _family_words() -> frozenset[str]:
    """The state families' own single words ("keto", "paleo", "vegan"): a state, not a name."""
    return frozenset(w.lower() for f in FAMILIES for w in (*f.question_cues, *f.explicit_cues) if w.isascii() and " " not in w)


@lru_cache(maxsize=256)
def _name_pattern(name: str) -> re.Pattern[str]:
    """The full name or its first word, as a word (CJK names: as a substring)."""
    parts = [re.escape(name)]
    first = name.split()[0] if name.split() else name
    if first != name and len(first) >= 2:
        parts.append(re.escape(first))
    alt = "|".join(parts)
    if re.search(r"[\u3400-\u9fff]", name):
        return re.compile(f"(?:{alt})")
    return re.compile(rf"(?<![\w])(?:{alt})(?![\w])", re.I)


#: "Jon and Gina", "小王和老李": two people asked about together
_JOINED = re.compile(r"^\s*(?:,?\s*(?:and|or|&)\s+|[和与跟及、]\s*)$", re.I)


def named_speaker(question: str, speakers: set[str] | frozenset[str]) -> str | None:
    """The chat speaker the question asks about ("What has Melanie painted?"): the one it
    names, or when it names several, the first — the subject in "What did Jon say about
    Gina's store?" — unless the first two are asked about together ("What do Jon and Gina
    have in common?"), which gives None."""
    found: list[tuple[int, int, str]] = []
    for s in speakers:
        m = _name_pattern(s).search(question)
        if m:
            found.append((m.start(), m.end(), s))
    if not found:
        return None
    found.sort()
    if len(found) > 1 and _JOINED.match(question[found[0][1]:found[1][0]]):
        return None
    return found[0][2]


#: "Thanks, Melanie!", "Hey Mel,", "Wow Caroline." — the name addresses someone, it says
#: nothing about them
_VOCATIVE_BEFORE = re.compile(
    r"(?:^|[.!?,;]\s*|\b(?:hey|hi|hello|thanks|thank you|wow|oh|yeah|yes|no|congrats|"
    r"congratulations|sorry|aw+|ah|haha|good luck|great|sure|ok|okay|bye|dear|omg)\s*,?\s*)$", re.I)
_VOCATIVE_AFTER = re.compile(r"^\s*(?:[,!.?;:]|$)")


def mentions_about(name: str, text: str) -> bool:
    """``text`` names ``name`` other than to address them."""
    return any(not (_VOCATIVE_AFTER.match(text[m.end():]) and _VOCATIVE_BEFORE.search(text[:m.start()]))
               for m in _name_pattern(name).finditer(text))


def other_speaker(about: str, speaker: str | None, content: str) -> bool:
    """A statement said by somebody other than ``about`` that does not name them (apart from
    addressing them): not about the person the question asks about."""
    if speaker is not None and speaker.casefold() == about.casefold():
        return False
    text = content
    if speaker and text.lower().startswith(speaker.lower() + ":"):
        text = text[len(speaker) + 1:]
    return not mentions_about(about, text)
