import { describe, expect, it } from 'vitest';
import { DEMO_FAQS } from '../../db/seed/messaging.ts';
import { chooseAnswer, faqSearchDoc, SearchIndex } from './assistant.search.ts';

/**
 * A fixed set of realistic questions over the seeded FAQ (issue 14): how students and staff actually ask, with
 * paraphrases, colloquial words and questions the FAQ has no answer to. Each names the FAQ question that answers
 * it, or null when the robot must say plainly that it has no answer. Target: at least 90 % right, and no
 * confident wrong answer (an answer to another question).
 */
const QUESTIONS: Array<[question: string, expected: string | null]> = [
  ['怎么连VPN', '在校外怎么访问学校内网资源？'],
  ['在家怎么登录图书馆数据库', '在校外怎么访问学校内网资源？'],
  ['校外上知网怎么弄', '在校外怎么访问学校内网资源？'],
  ['饭卡丢了怎么办？', '校园卡丢失了怎么挂失？'],
  ['一卡通不见了', '校园卡丢失了怎么挂失？'],
  ['饭卡里没钱了怎么充', '校园卡怎么充值？'],
  ['校园卡怎么充钱', '校园卡怎么充值？'],
  ['宿舍网络怎么开通', '校园网怎么办理和缴费？'],
  ['WiFi连不上怎么办', '校园网怎么办理和缴费？'],
  ['网费在哪交', '校园网怎么办理和缴费？'],
  ['密码忘了登不上门户', '统一身份认证密码忘记了怎么办？'],
  ['统一认证账号密码怎么重置', '统一身份认证密码忘记了怎么办？'],
  ['期末考试生病了去不了怎么办', '如何办理缓考？'],
  ['缓考怎么申请', '如何办理缓考？'],
  ['什么时候可以选课', '选课时间是什么时候？怎么选课？'],
  ['退课在哪里退', '选课时间是什么时候？怎么选课？'],
  ['怎么看自己的GPA', '怎么查询考试成绩和绩点？'],
  ['成绩出来了在哪查', '怎么查询考试成绩和绩点？'],
  ['觉得分数有问题能复核吗', '怎么查询考试成绩和绩点？'],
  ['怎么打印成绩单', '如何开具在读证明或成绩单？'],
  ['需要一个在校证明', '如何开具在读证明或成绩单？'],
  ['想换个专业', '如何申请转专业？'],
  ['学生证掉了', '学生证丢了怎么补办？'],
  ['火车票优惠卡丢了怎么补', '学生证丢了怎么补办？'],
  ['家里困难能申请什么补助', '如何申请国家助学金？'],
  ['想请三天假回家', '请假需要走什么流程？'],
  ['助学贷款的回执交到哪里', '生源地助学贷款回执怎么提交？'],
  ['学费可以用微信交吗', '学费怎么缴纳？'],
  ['住宿费怎么交', '学费怎么缴纳？'],
  ['出差回来怎么报账', '报销需要准备哪些材料？'],
  ['工资条在哪看', '如何查询工资和个税明细？'],
  ['宿舍空调坏了找谁修', '宿舍报修怎么申请？'],
  ['寝室漏水了', '宿舍报修怎么申请？'],
  ['能不能换寝室', '怎么申请调换宿舍？'],
  ['图书馆的书到期了怎么续借', '图书馆借书可以借多久？怎么续借？'],
  ['研究生能借几本书', '图书馆借书可以借多久？怎么续借？'],
  ['自习室座位怎么约', '图书馆座位怎么预约？'],
  ['学校邮箱怎么开通', '如何申请学校邮箱？'],
  ['食堂几点开门', null],
  ['今天天气怎么样', null],
  ['校医院怎么挂号', null],
  ['驾照考试怎么报名', null],
];

const index = new SearchIndex(
  DEMO_FAQS.map((f) =>
    faqSearchDoc({ item: f.question, question: f.question, keywords: f.keywords, answer: f.answer }),
  ),
);

describe('the robot answers realistic questions over the seeded FAQ (issue 14)', () => {
  const results = QUESTIONS.map(([question, expected]) => {
    const got = chooseAnswer(index.search(question, 8))?.item ?? null;
    return { question, expected, got };
  });
  const right = results.filter((r) => r.got === r.expected);
  const confidentWrong = results.filter((r) => r.got !== null && r.got !== r.expected);

  it(`answers at least 90 % of ${QUESTIONS.length} questions right and none confidently wrong`, () => {
    const share = right.length / results.length;
    console.info(
      `robot question set: ${right.length}/${results.length} right (${Math.round(share * 100)} %), ` +
        `${confidentWrong.length} confident wrong`,
    );
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
    expect(confidentWrong).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });

  it.each(QUESTIONS)('%s → %s', (question, expected) => {
    const got = results.find((r) => r.question === question)!.got;
    // A miss (no answer) is allowed for a few questions by the share above; a wrong answer never is.
    if (got !== expected) expect(got).toBeNull();
  });

  it('no longer answers 怎么连VPN with the campus-network fee (the defect the issue names)', () => {
    expect(results.find((r) => r.question === '怎么连VPN')!.got).toBe('在校外怎么访问学校内网资源？');
  });
});
